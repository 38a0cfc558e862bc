import { useEffect } from 'react';
import { useShell } from './shell-context';

/**
 * Keeps the visitor from losing a section's input by accident: while `hasUnsavedInput` is true, the shell asks
 * before a navigation to another page (its own dialog) and before the page unloads. In a shell without guards the
 * page is left without asking.
 */
export function useLeaveGuard(hasUnsavedInput: boolean): void {
  const { leaveGuards } = useShell();
  useEffect(() => {
    if (!hasUnsavedInput || !leaveGuards) return;
    return leaveGuards.register(() => true);
  }, [hasUnsavedInput, leaveGuards]);
}

/** Input types a visitor types into (not choices such as checkboxes, radios or hidden values). */
const TYPED_INPUTS = new Set(['text', 'email', 'tel', 'url', 'search', 'number', 'date', 'datetime-local', 'month', 'week', 'time', 'password']);

/** Whether a form holds typed text that differs from what it was rendered with, or an attached file. */
export function formHasUnsavedInput(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLTextAreaElement) {
      if (element.value.trim() !== '' && element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLInputElement) {
      if (element.type === 'file') {
        if ((element.files?.length ?? 0) > 0) return true;
      } else if (TYPED_INPUTS.has(element.type) && element.value.trim() !== '' && element.value !== element.defaultValue) {
        return true;
      }
    }
  }
  return false;
}
