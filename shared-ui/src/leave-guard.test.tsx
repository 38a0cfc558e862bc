/** @jest-environment jsdom */
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { LeaveGuards, ShellContext } from '@site/contracts';
import { ShellContextProvider } from './shell-context';
import { formHasUnsavedInput, useLeaveGuard } from './leave-guard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A registry like the shell's: counts the checks that answer true. */
function recordingGuards(): LeaveGuards & { active(): number } {
  const checks = new Set<() => boolean>();
  return {
    register(check) {
      const entry = () => check();
      checks.add(entry);
      return () => void checks.delete(entry);
    },
    active: () => [...checks].filter((check) => check()).length,
  };
}

function formWith(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  return form;
}

describe('formHasUnsavedInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is false for an untouched form, and for choices alone (checkbox, select, hidden values)', () => {
    const form = formWith(
      '<input name="name"><textarea name="text"></textarea><input type="checkbox" name="consent"><select name="s"><option value="">-</option><option value="1">1</option></select><input type="hidden" name="id" value="7">',
    );
    expect(formHasUnsavedInput(form)).toBe(false);
    (form.elements.namedItem('consent') as HTMLInputElement).checked = true;
    (form.elements.namedItem('s') as HTMLSelectElement).value = '1';
    expect(formHasUnsavedInput(form)).toBe(false);
  });

  it('is true once text is typed into an input or a textarea, and false again when it is cleared', () => {
    const form = formWith('<input type="email" name="email"><textarea name="text"></textarea>');
    const email = form.elements.namedItem('email') as HTMLInputElement;
    email.value = 'anna@example.org';
    expect(formHasUnsavedInput(form)).toBe(true);
    email.value = '   ';
    expect(formHasUnsavedInput(form)).toBe(false);
    (form.elements.namedItem('text') as HTMLTextAreaElement).value = 'A question';
    expect(formHasUnsavedInput(form)).toBe(true);
  });

  it('ignores a value the form was rendered with', () => {
    const form = formWith('<input name="name" value="Prefilled">');
    expect(formHasUnsavedInput(form)).toBe(false);
  });

  it('is true when a file is attached', () => {
    const form = formWith('<input type="file" name="files">');
    const input = form.elements.namedItem('files') as HTMLInputElement;
    const file = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file] });
    expect(formHasUnsavedInput(form)).toBe(true);
  });
});

describe('useLeaveGuard', () => {
  function Section({ initial }: { initial: boolean }) {
    const [dirty, setDirty] = useState(initial);
    useLeaveGuard(dirty);
    return (
      <button type="button" onClick={() => setDirty((value) => !value)}>
        toggle
      </button>
    );
  }

  async function mount(context: ShellContext, initial: boolean) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <ShellContextProvider value={context}>
          <Section initial={initial} />
        </ShellContextProvider>,
      );
    });
    return { root, toggle: () => act(async () => container.querySelector('button')!.click()) };
  }

  it('registers with the shell while there is unsaved input, and removes itself when there is none or on unmount', async () => {
    const guards = recordingGuards();
    // The hook reads only the guards from the shell context.
    const { root, toggle } = await mount({ leaveGuards: guards } as unknown as ShellContext, false);
    expect(guards.active()).toBe(0);
    await toggle();
    expect(guards.active()).toBe(1);
    await toggle();
    expect(guards.active()).toBe(0);
    await toggle();
    expect(guards.active()).toBe(1);
    act(() => root.unmount());
    expect(guards.active()).toBe(0);
  });
});
