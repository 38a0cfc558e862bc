import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium in its headless build (package chromium-headless-shell, Chromium's "old headless" mode, which is
 * what Playwright itself runs headless tests in): the same engine without the browser's windowing layers. On
 * layout.spec.ts and stores.spec.ts (31 tests) it took 42.0 s of CPU against 64.6 s for the full `chromium`.
 * The full browser (FULL_CHROMIUM_PATH) is for what only it has: the back/forward cache (repeat-visit.spec.ts).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the whole platform, started by the
 * same orchestrator as `npm start`, on free ports with a throw-away data folder.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../../test-results/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: process.env.SITE_URL,
    locale: 'ru-RU',
    // No trace by default: recording one for every test (to keep it for the failed ones) cost a fifth of the suite's
    // CPU on two cores (measured on three spec files: 52.6 s of user CPU with traces, 41.5 s without). Rerun a failing
    // spec with `--trace retain-on-failure` (or `on`) to get one.
    trace: 'off',
    launchOptions,
  },
  projects: [
    { name: 'site', testIgnore: /(lifecycle|overload|supervision|\.fault)\.spec\.ts/, use: { browserName: 'chromium' } },
    // Redeploys and stops remotes: runs alone, after everything else.
    { name: 'lifecycle', testMatch: /lifecycle\.spec\.ts/, dependencies: ['site'], use: { browserName: 'chromium' } },
    // Platforms of their own that are flooded or lose a service, and frozen backend services (`*.fault.spec.ts`):
    // alone, after everything else.
    { name: 'resilience', testMatch: /(overload|supervision|\.fault)\.spec\.ts/, dependencies: ['lifecycle'], use: { browserName: 'chromium' } },
  ],
});
