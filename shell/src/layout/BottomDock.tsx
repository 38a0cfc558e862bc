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

/**
 * The parts never cover more than a quarter of the viewport, whatever the width and text size. Should they need
 * more (the alerts expanded on a phone at large text), they scroll inside this box; the reversed column starts that
 * scrolling at the bottom, so the cookie notice and its buttons stay in view.
 */
const Parts = styled.div`
  display: flex;
  flex-direction: column-reverse;
  max-height: 25vh;
  max-height: 25dvh;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

/** The CSS variable holding the dock's height: the page keeps that much room below and scrolls focus above it. */
const DOCK_VARIABLE = '--site-bottom-dock';

/**
 * The bottom dock: alerts above the cookie notice, so neither covers the other. Its height is published as a CSS
 * variable: the body is padded by it (the footer stays reachable), and the root's scroll padding keeps whatever the
 * browser scrolls into view (a focused element, an anchor) above it (WCAG 2.4.11, focus not obscured) without
 * taking scrolling over from the browser.
 */
export function BottomDock() {
  const parts = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = parts.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // A part without a box (the cookie notice the preference script hides for a visitor who accepted, until the
    // store removes it) adds nothing to the height.
    const publish = () => root.style.setProperty(DOCK_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty(DOCK_VARIABLE);
    };
  }, []);
  return (
    <Dock data-bottom-dock>
      <Parts ref={parts} data-bottom-dock-parts>
        <div>
          <AlertsStack />
          <CookieNotice />
        </div>
      </Parts>
    </Dock>
  );
}
