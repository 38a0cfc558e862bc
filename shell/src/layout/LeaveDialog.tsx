import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { Button } from '@site/ui';
import { useStore } from '../stores/contexts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1200;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: rgb(0 0 0 / 45%);
`;

const Box = styled.div`
  max-width: 28rem;
  width: 100%;
  padding: 1.5rem;
  border-radius: 0.75rem;
  background: var(--site-bg);
  color: var(--site-text);
  box-shadow: var(--site-shadow);
  [data-color-scheme] & {
    border: 2px solid var(--site-text);
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 1.25rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

/** The elements of the dialog that take focus, in tab order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'));
}

/**
 * The in-page question before leaving a page with unsaved form input: a modal dialog (role dialog, aria-modal)
 * that keeps focus inside it, offers to stay (focused first, and what Escape does) or leave, and returns focus to
 * where it was when it closes.
 */
export const LeaveDialog = observer(function LeaveDialog() {
  const { leaveGuards } = useStore();
  const boxRef = useRef<HTMLDivElement>(null);
  const asking = leaveGuards.asking;

  useEffect(() => {
    if (!asking) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    boxRef.current?.querySelector<HTMLElement>('[data-leave-stay]')?.focus();
    // On the document, so that Escape and Tab work wherever focus is (a click on the backdrop moves it to the body).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        leaveGuards.answer(false);
        return;
      }
      const box = boxRef.current;
      if (event.key !== 'Tab' || !box) return;
      // Focus trap: Tab from the last control goes to the first, Shift+Tab from the first to the last.
      const items = focusables(box);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = box.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [asking, leaveGuards]);

  if (!asking) return null;

  return (
    <Backdrop data-leave-dialog>
      <Box ref={boxRef} role="dialog" aria-modal="true" aria-labelledby="leave-dialog-title" aria-describedby="leave-dialog-text">
        <h2 id="leave-dialog-title">
          <FormattedMessage id="leave.title" />
        </h2>
        <p id="leave-dialog-text">
          <FormattedMessage id="leave.text" />
        </p>
        <Actions>
          <Button onClick={() => leaveGuards.answer(false)} data-leave-stay>
            <FormattedMessage id="leave.stay" />
          </Button>
          <Button variant="secondary" onClick={() => leaveGuards.answer(true)} data-leave-confirm>
            <FormattedMessage id="leave.leave" />
          </Button>
        </Actions>
      </Box>
    </Backdrop>
  );
});
