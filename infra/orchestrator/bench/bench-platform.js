// @ts-check
'use strict';
// The platform a benchmark measures: started as `npm start` starts it, on free ports with throw-away data, and
// stopped (its data removed) whatever the benchmark does.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startPlatform } = require('../src/platform');

/**
 * @template T
 * @param {string} name
 * @param {(site: string, platform: Awaited<ReturnType<typeof startPlatform>>) => Promise<T>} measure
 * @returns {Promise<T>}
 */
async function withBenchPlatform(name, measure) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const platform = await startPlatform({
    ports: { site: 0, remotes: 0, api: 0, registry: 0 },
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    log: (line) => console.log(line),
    env: { LOG_LEVEL: 'warn', CAPTCHA_DISABLED: 'true' },
  });
  try {
    return await measure(platform.urls.site.replace('localhost', '127.0.0.1'), platform);
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A benchmark script's entry: any failure is printed and ends the process with an error. @param {() => Promise<unknown>} main */
function runBench(main) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}

module.exports = { withBenchPlatform, runBench };
