import type { AriaRole, ReactNode } from 'react';
import { styled } from '@linaria/react';

/** A section's title: every section heading is an h2 under the page's h1. */
export const SectionTitle = styled.h2`
  margin: 0 0 1.5rem;
  font-size: var(--site-text-h2);
  line-height: 1.2;
`;

export const Lead = styled.p`
  font-size: var(--site-text-lead);
  max-width: 48rem;
  margin: 0 0 1.5rem;
`;

export const Muted = styled.span`
  color: var(--site-muted);
  font-size: var(--site-text-small);
`;

/** Text for assistive technology only. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const EmptyBox = styled.p`
  margin: 0;
  padding: 2rem 1rem;
  text-align: center;
  border: 1px dashed var(--site-border);
  border-radius: 0.5rem;
`;

/** With a way out under the message: the two stacked, the link a full touch target. */
const EmptyBoxWithAction = styled(EmptyBox)`
  display: grid;
  gap: 0.5rem;
  justify-items: center;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

export interface EmptyStateProps {
  /** What is missing, in words (e.g. 'No data to display'). */
  children: ReactNode;
  /** A link to where there is something, shown under the message. */
  action?: ReactNode;
  /** `status` when the message appears in answer to the visitor (a search with no results), so it is announced. */
  role?: AriaRole;
}

/** An empty list or result: says so in words, optionally with a link to where there is something. */
export function EmptyState({ children, action, role }: EmptyStateProps) {
  if (!action) return <EmptyBox role={role}>{children}</EmptyBox>;
  return (
    <EmptyBoxWithAction role={role}>
      <span>{children}</span>
      {action}
    </EmptyBoxWithAction>
  );
}
