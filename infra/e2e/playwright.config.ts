import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
    launchOptions: {
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
    },
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
