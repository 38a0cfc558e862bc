import { useEffect, useRef } from 'react';
import { styled } from '@linaria/react';
import { SCROLL_PADDING } from '@site/ui';
import { AlertsStack } from './AlertsStack';
import { BackToTop } from './BackToTop';
import { CookieNotice } from './CookieNotice';

/**
 * The whole viewport, its parts stacked at the bottom: the dock's own box never moves, so the cookie notice (in the
 * server HTML) stays put when the alerts arrive above it after the page has loaded (no layout shift). "Back to top"
 * sits in the same column, just above the parts, so it never covers them whatever their height.
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

/**
 * The bottom dock: alerts above the cookie notice, so neither covers the other. The page keeps room below for its
 * height: the body is padded by it (the footer stays reachable), and the root's scroll padding keeps whatever the
 * browser scrolls into view (a focused element, an anchor) above it (WCAG 2.4.11, focus not obscured) without taking
 * scrolling over from the browser. Both are set as the two properties themselves, not as a CSS variable on the root:
 * a variable there is inherited by every element, and each change of it (the dock's first measure, the alerts
 * arriving after load) restyled the whole page, a long task on a phone.
 */
export function BottomDock() {
  const parts = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = parts.current;
    const root = document.documentElement;
    const body = document.body;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let published: number | undefined;
    // A part without a box (the cookie notice the preference script hides for a visitor who accepted, until the
    // store removes it) adds nothing to the height.
    const publish = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === published) return;
      published = height;
      body.style.paddingBottom = `${height}px`;
      root.style.scrollPaddingBottom = `calc(${height}px + ${SCROLL_PADDING})`;
    };
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      body.style.removeProperty('padding-bottom');
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, []);
  return (
    <Dock data-bottom-dock>
      <BackToTop />
      <Parts ref={parts} data-bottom-dock-parts>
        <div>
          <AlertsStack />
          <CookieNotice />
        </div>
      </Parts>
    </Dock>
  );
}
