import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  section: string;
  fallback: ReactNode;
  children: ReactNode;
  onError?: (error: Error, section: string) => void;
}

/** Catches an error thrown while rendering one section in the browser, so the rest of the page keeps working. */
export class SectionBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Section ${this.props.section} failed to render`, error, info.componentStack);
    this.props.onError?.(error, this.props.section);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
