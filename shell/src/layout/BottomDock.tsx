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
    // The parts on screen: a part without a box (the cookie notice the preference script hides for a visitor who
    // accepted, until the store removes it) covers nothing.
    const shownParts = () => [...element.children].map((part) => part.getBoundingClientRect()).filter((box) => box.height > 0);
    // The top of the highest part on screen, or null when none is.
    const partsTop = () => {
      const boxes = shownParts();
      return boxes.length ? Math.min(...boxes.map((box) => box.top)) : null;
    };
    // The parts' height, from the top of the highest to the viewport's bottom; none: zero.
    const publish = () => {
      const top = partsTop();
      root.style.setProperty(DOCK_VARIABLE, `${top === null ? 0 : Math.ceil(element.getBoundingClientRect().bottom - top)}px`);
    };
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
      const top = partsTop();
      if (!target?.getBoundingClientRect || element.contains(target) || top === null) return;
      const overlap = target.getBoundingClientRect().bottom - top;
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
