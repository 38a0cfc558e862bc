/** @jest-environment jsdom */
import { SHELL_SCRIPT_ATTRIBUTE, startShellScripts } from './start-script';

/** jsdom has no idle callbacks: a test gives the window its own, or leaves it without. */
const idleWindow = window as unknown as { requestIdleCallback?: (callback: () => void) => number };

/** A page as the server sends it: its language, and the preload of the shell's entry the start script turns into a script. */
function servedPage(): void {
  document.documentElement.lang = 'ru';
  document.head.innerHTML = `<link rel="preload" as="script" href="/_shell/main.0123456789.js" ${SHELL_SCRIPT_ATTRIBUTE}>`;
  document.body.innerHTML = '<div id="app"></div>';
}

const insertedScripts = () => [...document.body.querySelectorAll('script')].map((script) => new URL(script.src).pathname);

describe('the start script', () => {
  let localeChecks: jest.SpyInstance;
  beforeEach(() => {
    servedPage();
    localeChecks = jest.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
  });
  afterEach(() => {
    localeChecks.mockRestore();
    delete idleWindow.requestIdleCallback;
  });

  // jsdom reports no largest paint, so the scripts start at once, as in a browser without that entry type.
  it('inserts the shell scripts, and leaves the locale data to an idle period instead of the task that starts them', () => {
    const idle: Array<() => void> = [];
    idleWindow.requestIdleCallback = (callback) => idle.push(callback);

    startShellScripts();

    expect(insertedScripts()).toEqual(['/_shell/main.0123456789.js']);
    expect(localeChecks).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(localeChecks).toHaveBeenCalledWith('ru');
  });

  it('loads the locale data with the scripts in a browser without idle callbacks', () => {
    startShellScripts();

    expect(insertedScripts()).toEqual(['/_shell/main.0123456789.js']);
    expect(localeChecks).toHaveBeenCalledWith('ru');
  });
});
