#!/usr/bin/env node
// @ts-check
'use strict';
// `npm start`: builds what is missing, starts every service, prints the site URL; Ctrl-C stops them all.
const { startPlatform } = require('../src/platform');

/** @param {string | undefined} value @param {number} fallback */
const port = (value, fallback) => (value && Number.isInteger(Number(value)) ? Number(value) : fallback);

async function main() {
  const env = process.env;
  /** @type {NodeJS.ProcessEnv} */
  const serviceEnv = {};
  const sitePort = port(env.PORT, 3000);
  if (!env.CAPTCHA_SITE_KEY && !env.CAPTCHA_SECRET && env.CAPTCHA_DISABLED === undefined && env.NODE_ENV !== 'production') {
    // Without the provider's keys, the shell serves a stand-in of the provider on the site's own origin and the
    // content API verifies its tokens there: the whole form flow, captcha included, works out of the box.
    const secret = require('node:crypto').randomBytes(24).toString('base64url');
    Object.assign(serviceEnv, {
      CAPTCHA_STANDIN: 'true',
      CAPTCHA_STANDIN_SECRET: secret,
      CAPTCHA_SECRET: secret,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${sitePort}/_dev/captcha/siteverify`,
    });
    console.log(
      `note: forms use the development captcha stand-in at /_dev/captcha/ (set CAPTCHA_SITE_KEY and CAPTCHA_SECRET for the real provider; refused when NODE_ENV=production)`,
    );
  }
  const platform = await startPlatform({
    ports: {
      site: sitePort,
      remotes: port(env.REMOTES_PORT, 3001),
      api: port(env.CONTENT_API_PORT, 3002),
      registry: port(env.REGISTRY_PORT, 3003),
    },
    env: serviceEnv,
    supervise: true,
  });
  console.log(`\nThe site is running at ${platform.urls.site}  (English: ${platform.urls.site}/en)`);
  console.log(`Platform dashboard: ${platform.urls.site}/_platform · registry: ${platform.urls.registry} · content API: ${platform.urls.api}`);
  console.log(
    platform.dashboardTokenFile
      ? `Dashboard password (/_platform and /metrics; any user name, or Authorization: Bearer …): ${platform.dashboardToken}  (kept in ${platform.dashboardTokenFile})`
      : 'Dashboard password: the DASHBOARD_TOKEN you set',
  );
  console.log(
    platform.operatorTokenFile
      ? `Platform token (site-remotes, the registry's /metrics; never given to shells): kept in ${platform.operatorTokenFile}`
      : 'Platform token: the OPERATOR_TOKEN you set (never given to shells)',
  );
  if (env.NODE_ENV !== 'production')
    console.log('Development loop: npm run dev -w @site/remote-<team> (rebuilds on save; this site serves that working copy, development only)');
  console.log('Press Ctrl-C to stop.\n');
  let stopping = false;
  const stop = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await platform.stop();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // A service that stops is restarted by the supervisor (logged, and shown on the dashboard); the others go on.
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
