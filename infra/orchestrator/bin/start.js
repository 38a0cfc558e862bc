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
  if (!env.CAPTCHA_SECRET && env.CAPTCHA_DISABLED === undefined) {
    // No captcha provider can be reached from a developer machine without a key: say so, and run without it.
    serviceEnv.CAPTCHA_DISABLED = 'true';
    console.log('note: captcha verification is disabled (set CAPTCHA_SECRET and CAPTCHA_SITE_KEY to enable it)');
  }
  const platform = await startPlatform({
    ports: {
      site: port(env.PORT, 3000),
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
    platform.operatorTokenFile
      ? `Operator token (dashboard password, any user name; or Authorization: Bearer …): ${platform.operatorToken}  (kept in ${platform.operatorTokenFile})`
      : 'Operator token: the OPERATOR_TOKEN you set',
  );
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
