/** @jest-environment jsdom */
import '../layout/jsdom-text-encoder';
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserSanitizer } from './browser-sanitizer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A part of a page showing backend HTML through the browser's sanitizer, as SafeHtml does. */
function BackendHtml({ sanitize, html }: { sanitize: (html: string) => string; html: string }) {
  return <div data-backend-html dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}

async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

describe('the browser sanitizer, needed by a render before its code has loaded', () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => container.remove());

  test('the render waits for the code (suspends), then shows the HTML without its script', async () => {
    const sanitizer = new BrowserSanitizer(window, []);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Suspense fallback={<p data-waiting>…</p>}>
          <BackendHtml
            sanitize={sanitizer.sanitize}
            html={'<p>Lecture at <b>10:00</b></p><script>window.ran = true</script><img src="x" onerror="window.ran = true">'}
          />
        </Suspense>,
      );
    });
    await until(() => container.querySelector('[data-backend-html]') !== null);
    const shown = container.querySelector('[data-backend-html]')!;
    expect(shown.textContent).toBe('Lecture at 10:00');
    expect(shown.querySelector('script')).toBeNull();
    expect(shown.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect((window as { ran?: boolean }).ran).toBeUndefined();
    await act(async () => root.unmount());
  });

  test('code that cannot load fails the render with an error, never with the HTML unsanitised', async () => {
    const sanitizer = new BrowserSanitizer(window, []);
    Object.assign(sanitizer, { load: () => Promise.reject(new Error('ChunkLoadError: sanitizer')) });
    let thrown: unknown;
    try {
      sanitizer.sanitize('<p>x</p>');
    } catch (waiting) {
      thrown = waiting;
    }
    // First a promise to wait on (React suspends), settled once the load has failed…
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    // …then the error itself, for the section's error boundary.
    expect(() => sanitizer.sanitize('<p>x</p>')).toThrow('ChunkLoadError: sanitizer');
  });
});
