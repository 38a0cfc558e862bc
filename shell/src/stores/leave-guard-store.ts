import { makeAutoObservable } from 'mobx';
import type { LeaveGuards, ProgressIndicator } from '@site/contracts';

/** The navigation waiting for the visitor's answer in the leave dialog. */
interface PendingLeave {
  resolve(leave: boolean): void;
}

/**
 * Unsaved-input guards of the page's sections, and the question they raise: a client navigation away from a page
 * with unsaved input is held while an in-page dialog asks to leave or stay. The loading bar shows the held
 * navigation: started and paused while the dialog is open, resumed when the visitor leaves, finished when they stay.
 */
export class LeaveGuardStore implements LeaveGuards {
  private readonly checks = new Set<() => boolean>();
  private pending: PendingLeave | null = null;
  /** Whether the leave dialog is open. */
  asking = false;

  constructor(private readonly progress: ProgressIndicator) {
    makeAutoObservable<LeaveGuardStore, 'checks' | 'pending' | 'progress'>(this, { checks: false, pending: false, progress: false });
  }

  register(hasUnsavedInput: () => boolean): () => void {
    // A wrapper per registration: the same function registered twice is removed once per removal.
    const check = () => hasUnsavedInput();
    this.checks.add(check);
    return () => {
      this.checks.delete(check);
    };
  }

  /** Whether any section of the page has input the visitor would lose by leaving. */
  hasUnsavedInput(): boolean {
    for (const check of this.checks) {
      try {
        if (check()) return true;
      } catch (error) {
        // A failing check must not trap the visitor on the page.
        console.error('A leave guard failed', error);
      }
    }
    return false;
  }

  /**
   * Asks before leaving: resolves true at once when nothing would be lost, otherwise opens the dialog and resolves
   * with the visitor's answer. A second attempt while the dialog is open replaces the first (which stays).
   */
  confirmLeave(): Promise<boolean> {
    if (!this.hasUnsavedInput()) return Promise.resolve(true);
    this.pending?.resolve(false);
    // A short stretch of the bar shows that a navigation is under way and waits.
    this.progress.start();
    this.progress.increase(10);
    this.progress.pause();
    this.asking = true;
    return new Promise<boolean>((resolve) => {
      this.pending = { resolve };
    });
  }

  /** The visitor's answer: leave (the navigation goes on) or stay (it is dropped). */
  answer(leave: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.asking = false;
    if (leave) this.progress.resume();
    else this.progress.finish();
    pending.resolve(leave);
  }
}
