import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { useThrottledWindowEvent } from '@site/ui';
import { ArrowUpIcon } from './icons';

/** In the bottom dock's column (BottomDock), at its right, just above the alerts and the cookie notice. */
const Button = styled.button`
  align-self: flex-end;
  margin: 0 1rem 1rem;
  pointer-events: auto;
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.5rem 1rem;
  border: 2px solid var(--site-bg);
  border-radius: 2rem;
  background: var(--site-text);
  color: var(--site-bg);
  font: inherit;
  font-weight: 700;
  box-shadow: var(--site-shadow);
  cursor: pointer;
`;

/**
 * "Back to top", shown once the visitor has scrolled more than a screen down. The scroll handler is throttled with
 * the site's default for scroll and resize handlers (66 ms, about four frames).
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useThrottledWindowEvent('scroll', () => setShown(window.scrollY > window.innerHeight));
  if (!shown) return null;
  return (
    <Button
      type="button"
      data-back-to-top
      onClick={() => {
        window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('[data-home-link]')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon size={18} />
      <FormattedMessage id="layout.backToTop" />
    </Button>
  );
}
