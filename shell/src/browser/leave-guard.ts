import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { LeaveGuardStore } from '../stores/leave-guard-store';

type Guards = Pick<LeaveGuardStore, 'hasUnsavedInput' | 'confirmLeave'>;

/**
 * Holds navigations that would lose a section's unsaved input until the visitor answers the leave dialog:
 * - links, `useNavigateTo` and Back/Forward: the router's blocker holds them (it puts the history back while the
 *   dialog is open) and lets them through when the visitor leaves;
 * - unloading the document (reload, typed address, a link the router does not handle): the browser's own
 *   `beforeunload` question, the only one a page may raise then.
 * A change of the query or hash on the same path is not leaving: the page and its form stay. Renders inside the router.
 */
export function useLeaveGuard(guards: Guards, win: Window): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && guards.hasUnsavedInput());

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let answered = false;
    void guards.confirmLeave().then((leave) => {
      if (answered) return;
      answered = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      answered = true;
    };
  }, [blocker, guards]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guards.hasUnsavedInput()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    win.addEventListener('beforeunload', onBeforeUnload);
    return () => win.removeEventListener('beforeunload', onBeforeUnload);
  }, [guards, win]);
}
