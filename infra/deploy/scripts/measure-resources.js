// @ts-check
'use strict';
// Measures what each service needs, for the resource requests of the deploy manifests: the platform as `npm start`
// runs it (one process of each service, SQLite, from the builds), then each service's RSS and CPU while idle and
// while it alone is loaded with its own traffic. Run: node infra/deploy/scripts/measure-resources.js [seconds]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startPlatform } = require('../../orchestrator/src/platform.js');
const { runLoad } = require('../../orchestrator/bench/load.js');

const SECONDS = Number(process.argv[2] ?? 10);
const CLIENTS = 8;
const TICKS_PER_SECOND = 100;

/** @param {number} pid */
function sample(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the command name).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuSeconds: ticks / TICKS_PER_SECOND, at: performance.now() };
}

/** @param {Map<string, number>} pids @param {() => Promise<number>} during */
async function measure(pids, during) {
  const before = new Map([...pids].map(([name, pid]) => [name, sample(pid)]));
  const peak = new Map([...pids].map(([name]) => [name, 0]));
  const timer = setInterval(() => {
    for (const [name, pid] of pids) peak.set(name, Math.max(peak.get(name) ?? 0, sample(pid).rssMb));
  }, 250);
  const requests = await during();
  clearInterval(timer);
  /** @type {Record<string, { rssMb: number, cpuMillicores: number }>} */
  const result = {};
  for (const [name, pid] of pids) {
    const start = before.get(name);
    const end = sample(pid);
    if (!start) continue;
    const wall = (end.at - start.at) / 1000;
    result[name] = { rssMb: Math.max(peak.get(name) ?? 0, end.rssMb), cpuMillicores: ((end.cpuSeconds - start.cpuSeconds) / wall) * 1000 };
  }
  return { result, requests };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-measure-'));
  const platform = await startPlatform({
    ports: { site: 0, remotes: 0, api: 0, registry: 0 },
    dataDir,
    build: false,
    log: () => undefined,
    env: { LOG_LEVEL: 'warn', CONTENT_API_LOG: 'false', CAPTCHA_DISABLED: 'true', OPERATOR_TOKEN: 'measure-operator-token' },
  });
  try {
    /** @type {Map<string, number>} */
    const pids = new Map();
    for (const [name, service] of platform.services) if (service.pid) pids.set(name, service.pid);
    const registryDoc = /** @type {{ remotes: Array<{ manifestUrl: string }> }} */ (await (await fetch(`${platform.urls.registry}`)).json());
    const remoteFiles = registryDoc.remotes.map((remote) => new URL(remote.manifestUrl).pathname);
    const loads = {
      shell: { base: platform.urls.site, paths: ['/', '/en', '/news', '/events', '/en/events', '/search?query=студенты'] },
      'content-api': { base: platform.urls.api, paths: ['/ru/init', '/en/init', '/ru/news', '/en/events', '/ru/search/студенты'] },
      registry: { base: platform.urls.registry.replace(/\/registry\.json$/, ''), paths: ['/registry.json'] },
      'remote-host': { base: platform.urls.remotes.replace(/\/remotes\/?$/, ''), paths: remoteFiles },
    };
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = await measure(pids, async () => {
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      return 0;
    });
    console.log(`idle for ${SECONDS} s (the shell polls the registry and the content revision):`);
    for (const [name, figures] of Object.entries(idle.result)) {
      console.log(`  ${name.padEnd(12)} RSS ${figures.rssMb.toFixed(0).padStart(4)} MB   CPU ${figures.cpuMillicores.toFixed(0).padStart(4)} m`);
    }
    for (const [name, load] of Object.entries(loads)) {
      const pid = pids.get(name);
      if (!pid) continue;
      const loaded = await measure(pids, async () => {
        const run = await runLoad({
          base: load.base,
          clients: CLIENTS,
          seconds: SECONDS,
          nextPath: (client, n) => load.paths[(client + n) % load.paths.length] ?? '/',
        });
        const failed = run.samples.filter((item) => item.status === 0 || item.status >= 500).length;
        if (failed > 0) console.log(`  (${failed} failed requests)`);
        return run.samples.length / run.seconds;
      });
      const figures = loaded.result[name];
      if (!figures) continue;
      console.log(
        `${name} under ${CLIENTS} closed-loop clients for ${SECONDS} s: ${loaded.requests.toFixed(0)} requests/s, RSS ${figures.rssMb.toFixed(0)} MB, CPU ${figures.cpuMillicores.toFixed(0)} m` +
          (name === 'shell' ? ` (content API meanwhile: CPU ${loaded.result['content-api']?.cpuMillicores.toFixed(0)} m)` : ''),
      );
    }
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
