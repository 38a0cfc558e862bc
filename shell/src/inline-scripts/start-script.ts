/**
 * The start of the shell's scripts, inlined into every page. This module is browser code that runs before any
 * bundle: the build compiles it on its own (no imports, nothing but this file) into a minified script that calls
 * `startShellScripts()`, and the server puts that text into the page and its hash into the page's
 * Content-Security-Policy (see `START_SCRIPT` in `server/document.ts`). The server imports only the constants.
 *
 * Why: deferred scripts run as soon as the document is parsed, and when they have arrived by then (a cached or fast
 * response) the browser runs them, and the hydration, before it has painted the page and its hero image; on a slow
 * phone the largest paint then waits for the main thread. Here the scripts download from the start (preloads at
 * the browser's priority for scripts: a low-priority request would wait while the hero image loads) and run, in
 * order, once the page has painted, the hero image (the image marked fetchpriority="high") has loaded, and no larger
 * paint has come for LARGEST_PAINT_QUIET_MS since the last paint or the image's load (the image's own paint is
 * reported after its load; an image that loads before anything is painted does not count as painted). They run at
 * the latest LARGEST_PAINT_WAIT_MS after the first paint, or FIRST_PAINT_WAIT_MS after the document when no paint is
 * reported. A page opened in the background paints nothing, and a browser that does not report its largest paint
 * gives nothing to wait for: there they start at once.
 *
 * Once it has inserted the scripts, it loads the browser's locale data for the page's language while they download:
 * the engine loads it on the first use of `Intl`, about 100 ms of a slow phone's main thread, and the shell's first
 * render is that first use (react-intl checks that the locale is supported). Here it happens while the main thread
 * waits for the network, instead of in the middle of the hydration.
 */

/** Marks the preloads of the shell's scripts, which the start script turns into scripts. */
export const SHELL_SCRIPT_ATTRIBUTE = 'data-shell-script';
/** How long after the page's first paint the shell's scripts wait at most for its largest paint to settle. */
export const LARGEST_PAINT_WAIT_MS = 1500;
/** How long after the latest largest-paint candidate the page counts as painted. */
export const LARGEST_PAINT_QUIET_MS = 50;
/** How long the shell's scripts wait at most for a page that reports no paint at all. */
export const FIRST_PAINT_WAIT_MS = 3000;

const LARGEST_PAINT = 'largest-contentful-paint';

/** Makes the engine load its locale data for `lang` (what react-intl's first `createIntl` asks of it). */
function loadLocaleData(lang: string): void {
  try {
    Intl.NumberFormat.supportedLocalesOf(lang);
    Intl.DateTimeFormat.supportedLocalesOf(lang);
  } catch {
    // Not a valid language tag: the shell's own check reports it.
  }
}

/** The entry types the browser's PerformanceObserver reports; none when it has no PerformanceObserver. */
function reportedEntryTypes(): readonly string[] {
  const observer = (window as { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  return observer?.supportedEntryTypes ?? [];
}

/**
 * The script's entry. No module imports it: the build compiles this file into the inline script and calls it by name
 * there (`shellInlineScripts` in infra/build-preset/src/inline-script.js).
 *
 * @public
 */
export function startShellScripts(): void {
  let started = false;
  let painted = false;
  let quiet = false;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  let heroSettled = !hero || hero.complete;

  /** Inserts the shell's scripts, once, in the order of their preloads; `async = false` keeps that order. */
  function start(): void {
    if (started) return;
    started = true;
    document.querySelectorAll<HTMLLinkElement>(`link[${SHELL_SCRIPT_ATTRIBUTE}]`).forEach((preload) => {
      const script = document.createElement('script');
      script.src = preload.href;
      script.async = false;
      document.body.appendChild(script);
    });
    loadLocaleData(document.documentElement.lang);
  }

  function startWhenSettled(): void {
    if (painted && quiet && heroSettled) start();
  }

  /** Something changed on screen: the page counts as painted only after LARGEST_PAINT_QUIET_MS without a change. */
  function waitForQuiet(): void {
    quiet = false;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      quiet = true;
      startWhenSettled();
    }, LARGEST_PAINT_QUIET_MS);
  }

  function onLargestPaint(): void {
    if (!painted) {
      painted = true;
      setTimeout(start, LARGEST_PAINT_WAIT_MS);
    }
    waitForQuiet();
  }

  if (document.visibilityState !== 'visible' || !reportedEntryTypes().includes(LARGEST_PAINT)) {
    start();
    return;
  }
  if (hero && !heroSettled) {
    const onHeroSettled = () => {
      heroSettled = true;
      waitForQuiet();
    };
    hero.addEventListener('load', onHeroSettled);
    hero.addEventListener('error', onHeroSettled);
  }
  const observer = new PerformanceObserver(onLargestPaint);
  observer.observe({ type: LARGEST_PAINT, buffered: true });
  setTimeout(start, FIRST_PAINT_WAIT_MS);
}
