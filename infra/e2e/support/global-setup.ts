import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCaptchaProvider } from './captcha-provider';

// The orchestrator is plain JavaScript so that `npm start` runs before anything is built.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../../orchestrator/src/platform.js') as typeof import('../../orchestrator/src/platform.js');

export const ADMIN_TOKEN = 'e2e-admin-token';
export const OPERATOR_TOKEN = 'e2e-operator-token';
export const DASHBOARD_TOKEN = 'e2e-dashboard-token';
export const FLEET_TOKEN = 'e2e-fleet-token';

/** Starts the platform once for the whole run; the values reach the test workers through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const logDir = path.resolve(__dirname, '../../../test-results/e2e-logs');
  fs.rmSync(logDir, { recursive: true, force: true });
  // The news releases' build folder and webpack cache (see news-release.ts): every run builds from scratch.
  fs.rmSync(path.resolve(__dirname, '../../../test-results/e2e-news-builds'), { recursive: true, force: true });
  const captcha = await startCaptchaProvider();
  const platform = await startPlatform({
    ports: { site: 0, remotes: 0, api: 0, registry: 0 },
    dataDir,
    logDir,
    log: (line) => console.log(`[platform] ${line}`),
    env: {
      REGISTRY_POLL_MS: '300',
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
      OPERATOR_TOKEN,
      DASHBOARD_TOKEN,
      FLEET_TOKEN,
      CAPTCHA_VERIFY_URL: captcha.verifyUrl,
      CAPTCHA_SECRET: captcha.secret,
      CAPTCHA_SITE_KEY: captcha.siteKey,
      CAPTCHA_SCRIPT_URL: captcha.scriptUrl,
      LOG_LEVEL: 'warn',
      FORM_RATE_LIMIT_MAX: '1000',
      // Each test's browser context is a new browser with its own client id: four submissions each, then 429.
      FORM_CLIENT_RATE_LIMIT_MAX: '4',
      // Every test's browser comes from 127.0.0.1: one client address for the whole suite, whose uncached pages would
      // otherwise spend one visitor's miss budget (the budget has tests of its own, on a platform of their own).
      PAGE_MISS_BURST: '100000',
      PAGE_MISS_PER_SECOND: '100000',
    },
  });
  const site = platform.urls.site.replace('localhost', '127.0.0.1');
  Object.assign(process.env, {
    SITE_URL: site,
    API_URL: platform.urls.api,
    REGISTRY_URL: platform.urls.registry,
    REMOTES_URL: platform.urls.remotes,
    DATA_DIR: dataDir,
    E2E_ADMIN_TOKEN: ADMIN_TOKEN,
    E2E_OPERATOR_TOKEN: OPERATOR_TOKEN,
    E2E_DASHBOARD_TOKEN: DASHBOARD_TOKEN,
    E2E_FLEET_TOKEN: FLEET_TOKEN,
    E2E_LOG_DIR: logDir,
  });
  console.log(`[platform] site ${site}, data ${dataDir}, logs ${logDir}`);
  return async () => {
    await platform.stop();
    await captcha.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
