import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator as RouterNavigator } from 'react-router-dom';
import type { LeaveGuardStore } from '../stores/leave-guard-store';

type Guards = Pick<LeaveGuardStore, 'hasUnsavedInput' | 'confirmLeave'>;

/** The router's position in the session history (react-router keeps it in `history.state.idx`). */
function historyIndex(win: Window): number | null {
  const index = (win.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
}

/**
 * Holds navigations that would lose a section's unsaved input until the visitor answers the leave dialog:
 * - Back/Forward (popstate): the listener runs before the router's (it is installed before hydration) and stops the
 *   event from reaching it; the history moves back to where it was while the dialog is open, and forward again when
 *   the visitor leaves;
 * - unloading the document (reload, typed address, a link the router does not handle): the browser's own
 *   `beforeunload` question, the only one a page may raise then.
 * Links and `useNavigateTo` go through the router's `push`, which {@link useGuardedRouterPush} holds.
 * A change of the query or hash on the same path is not leaving: the page and its form stay.
 */
export class LeaveGuardHistory {
  private currentPath: string;
  private currentIndex: number | null;
  /** The popstate of our own step back: the router must not see it. */
  private swallowNext = false;
  /** The popstate of the visitor's confirmed step: the router must see it, without asking again. */
  private letNextThrough = false;

  constructor(
    private readonly win: Window,
    readonly guards: Guards,
  ) {
    this.currentPath = win.location.pathname;
    this.currentIndex = historyIndex(win);
    win.addEventListener('popstate', this.onPopState);
    win.addEventListener('beforeunload', this.onBeforeUnload);
  }

  /** Records the location the router shows now. */
  settle(pathname: string): void {
    this.currentPath = pathname;
    this.currentIndex = historyIndex(this.win);
  }

  /** Whether going to this path leaves the current page. */
  leaves(pathname: string): boolean {
    return pathname !== this.currentPath;
  }

  dispose(): void {
    this.win.removeEventListener('popstate', this.onPopState);
    this.win.removeEventListener('beforeunload', this.onBeforeUnload);
  }

  private readonly onPopState = (event: PopStateEvent) => {
    if (this.swallowNext) {
      this.swallowNext = false;
      event.stopImmediatePropagation();
      return;
    }
    if (this.letNextThrough) {
      this.letNextThrough = false;
      return;
    }
    if (!this.leaves(this.win.location.pathname) || !this.guards.hasUnsavedInput()) return;
    const index = historyIndex(this.win);
    // An entry the router did not create: nothing to step back to reliably, the router handles it.
    if (index === null || this.currentIndex === null || index === this.currentIndex) return;
    const delta = index - this.currentIndex;
    event.stopImmediatePropagation();
    this.swallowNext = true;
    this.win.history.go(-delta);
    void this.guards.confirmLeave().then((leave) => {
      if (!leave) return;
      this.letNextThrough = true;
      this.win.history.go(delta);
    });
  };

  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.guards.hasUnsavedInput()) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
}

/** The path a router `push` goes to. */
function targetPath(to: Parameters<RouterNavigator['push']>[0], win: Window): string {
  if (typeof to === 'string') return new URL(to, win.location.href).pathname;
  return to.pathname ?? win.location.pathname;
}

/**
 * Holds the router's `push` (links, `useNavigateTo`) while a section has unsaved input and the target is another
 * page, and keeps {@link LeaveGuardHistory} told of the location on screen. Renders inside the router.
 */
export function useGuardedRouterPush(history: LeaveGuardHistory, win: Window): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();

  useEffect(() => {
    history.settle(location.pathname);
  }, [history, location]);

  useEffect(() => {
    const original = navigator.push;
    const push: RouterNavigator['push'] = (to, state, options) => {
      if (!history.leaves(targetPath(to, win)) || !history.guards.hasUnsavedInput()) {
        original.call(navigator, to, state, options);
        return;
      }
      void history.guards.confirmLeave().then((leave) => {
        if (leave) original.call(navigator, to, state, options);
      });
    };
    navigator.push = push;
    return () => {
      navigator.push = original;
    };
  }, [navigator, history, win]);
}
