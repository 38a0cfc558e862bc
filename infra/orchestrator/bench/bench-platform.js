// @ts-check
'use strict';
// The platform a benchmark measures: started as `npm start` starts it, on free ports with throw-away data, and
// stopped (its data removed) whatever the benchmark does.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startPlatform } = require('../src/platform');

/**
 * Starts a checkout's platform as `npm start` does, on free ports with throw-away data; `stop` stops it and removes
 * its data, and runs on Ctrl-C or SIGTERM too.
 * @param {string} name @param {{ start?: typeof startPlatform, log?: (line: string) => void }} [options] another
 * checkout's `startPlatform` (compare-bench.js), and where the start-up lines go
 */
async function startBenchPlatform(name, { start = startPlatform, log = (line) => console.log(line) } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const platform = await start({
    ports: { site: 0, remotes: 0, api: 0, registry: 0 },
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    log,
    env: { LOG_LEVEL: 'warn', CAPTCHA_DISABLED: 'true' },
  });
  const forget = stopOnSignal(async () => {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    platform,
    site: platform.urls.site.replace('localhost', '127.0.0.1'),
    stop: async () => {
      forget();
      await platform.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * @template T
 * @param {string} name
 * @param {(site: string, platform: Awaited<ReturnType<typeof startPlatform>>) => Promise<T>} measure
 * @returns {Promise<T>}
 */
async function withBenchPlatform(name, measure) {
  const { platform, site, stop } = await startBenchPlatform(name);
  try {
    return await measure(site, platform);
  } finally {
    await stop();
  }
}

/** What an interrupted benchmark still has to stop: the platforms it started. @type {Set<() => Promise<void>>} */
const stoppers = new Set();

/**
 * Registers a clean-up for Ctrl-C or a SIGTERM (a benchmark stopped by hand or by a time-out), so the services a
 * benchmark started do not outlive it; returns the function that unregisters it.
 * @param {() => Promise<void>} stop
 */
function stopOnSignal(stop) {
  stoppers.add(stop);
  return () => {
    stoppers.delete(stop);
  };
}

/** A benchmark script's entry: any failure is printed and ends the process with an error. @param {() => Promise<unknown>} main */
function runBench(main) {
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the benchmark started`);
      void Promise.allSettled([...stoppers].map((stop) => stop())).then(() => process.exit(130));
    });
  }
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}

module.exports = { withBenchPlatform, startBenchPlatform, runBench };
