import { useEffect, useRef } from 'react';
import { styled } from '@linaria/react';
import { AlertsStack } from './AlertsStack';
import { CookieNotice } from './CookieNotice';

const Dock = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 900;
  pointer-events: none;
`;

/** The CSS variable holding the dock's height: the page keeps that much room below and scrolls focus above it. */
const DOCK_VARIABLE = '--site-bottom-dock';

/**
 * The bottom dock: alerts above the cookie notice, so neither covers the other. Its height is published as a CSS
 * variable: the body is padded by it (the footer stays reachable) and focus scrolling keeps a focused element
 * above it (WCAG 2.4.11, focus not obscured).
 */
export function BottomDock() {
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dock.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty(DOCK_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    // Browsers scroll a focused element into view only when it is off screen; one under the dock is on screen but
    // hidden, so it is scrolled just above the dock here (WCAG 2.4.11).
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target?.getBoundingClientRect || element.contains(target) || element.offsetHeight === 0) return;
      const dockTop = Math.min(...[...element.children].map((part) => part.getBoundingClientRect().top));
      const overlap = target.getBoundingClientRect().bottom - dockTop;
      if (overlap > 0) window.scrollBy({ top: overlap + 16, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty(DOCK_VARIABLE);
    };
  }, []);
  return (
    <Dock ref={dock} data-bottom-dock>
      <AlertsStack />
      <CookieNotice />
    </Dock>
  );
}
