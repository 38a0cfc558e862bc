import { useEffect, useRef } from 'react';
import { styled } from '@linaria/react';
import { AlertsStack } from './AlertsStack';
import { CookieNotice } from './CookieNotice';

/**
 * The whole viewport, its parts stacked at the bottom: the dock's own box never moves, so the cookie notice (in the
 * server HTML) stays put when the alerts arrive above it after the page has loaded (no layout shift).
 */
const Dock = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
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
    // The parts' height, from the top of the highest to the viewport's bottom; none: zero.
    const partsTop = () => Math.min(...[...element.children].map((part) => part.getBoundingClientRect().top));
    const publish = () =>
      root.style.setProperty(DOCK_VARIABLE, `${element.children.length ? Math.ceil(element.getBoundingClientRect().bottom - partsTop()) : 0}px`);
    const observer = new ResizeObserver(publish);
    const observeParts = () => {
      observer.disconnect();
      for (const part of element.children) observer.observe(part);
      publish();
    };
    observeParts();
    // Parts come and go (alerts after the page has loaded, the notice once accepted).
    const parts = new MutationObserver(observeParts);
    parts.observe(element, { childList: true });
    // Browsers scroll a focused element into view only when it is off screen; one under the dock is on screen but
    // hidden, so it is scrolled just above the dock here (WCAG 2.4.11).
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target?.getBoundingClientRect || element.contains(target) || element.children.length === 0) return;
      const overlap = target.getBoundingClientRect().bottom - partsTop();
      if (overlap > 0) window.scrollBy({ top: overlap + 16, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      parts.disconnect();
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
