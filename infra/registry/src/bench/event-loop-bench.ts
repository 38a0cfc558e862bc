import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from 'pg';
import { CONTRACTS_VERSION } from '@site/contracts';
import { createRegistryServer } from '../registry-server';
import { hashToken } from '../tokens';
import type { RegistryPaths } from '../operations';

/**
 * The registry's event-loop delay while a fleet of simulated shells uses it as shells do: each polls
 * `/registry.json` (with its ETag) and sends its fleet report every 2 s, while a canary is being watched (the judge
 * ticks every second). The registry runs in a child process of its own, which samples its event loop with
 * perf_hooks.monitorEventLoopDelay; the shells run here. Figures only: no assertions.
 * PostgreSQL runs twice: on loopback, and through a local TCP relay that holds every packet 1 ms each way (a
 * database on another host of the cluster), where every statement's round trip is what a blocking client waits for.
 * Run with `npm run bench -w @site/registry` (BENCH_SHELLS, BENCH_SECONDS, BENCH_ENGINES=postgres,postgres-remote,sqlite).
 */
const SHELLS = Number(process.env.BENCH_SHELLS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INTERVAL_MS = 2_000;
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,postgres-remote,sqlite').split(',').filter(Boolean);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'bench-platform-token';
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];

const RELAY_DELAY_MS = 1;

/** A TCP relay to PostgreSQL that delays every chunk in both directions (order kept: equal delays fire in order). */
async function delayingRelay(target: URL, delayMs: number): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), delayMs));
    client.on('end', () => setTimeout(() => upstream.end(), delayMs));
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

type ChildMessage = { port: number } | { delay: { p50: number; p99: number; max: number; mean: number } };

/** The child: the registry and its own event-loop monitor; answers the delay figures when asked. */
async function serve(): Promise<void> {
  const paths = JSON.parse(process.env.BENCH_PATHS!) as RegistryPaths;
  const app = createRegistryServer({
    paths,
    remotesPublicUrl: 'http://127.0.0.1:1/remotes/',
    tokens: { platform: hashToken(TOKEN), teams: {} },
    // A canary watched for the whole run: the judge reads the state and the fleet every second.
    canary: { windowMs: 3_600_000, intervalMs: 1_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('message', (message: string) => {
    if (message === 'reset') histogram.reset();
    if (message === 'report') {
      const ms = (ns: number) => ns / 1e6;
      process.send!({ delay: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean) } });
    }
    if (message === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send!({ port: (app.server.address() as { port: number }).port });
}

function fakeBuild(team: string, version: string): Record<string, string> {
  const manifest = {
    id: team,
    name: team,
    metaData: { name: team, globalName: team, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared: [],
    exposes: [],
    site: {
      team,
      version,
      contractsVersion: CONTRACTS_VERSION,
      builtAt: 'now',
      sections: [{ name: `${team[0]!.toUpperCase()}${team.slice(1)}Latest`, expose: './Latest' }],
    },
  };
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify(manifest),
    'server/remoteEntry.js': `// ${team} ${version}`,
    'remoteEntry.js': `// browser ${team} ${version}`,
  };
  return Object.fromEntries(Object.entries(files).map(([name, body]) => [name, Buffer.from(body).toString('base64')]));
}

async function call(base: string, method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 400) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function runEngine(engine: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-bench-'));
  const schema = `registry_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const relay = engine === 'postgres-remote' ? await delayingRelay(new URL(DATABASE_URL), RELAY_DELAY_MS) : null;
  const databaseUrl = relay ? relay.url : engine === 'postgres' ? DATABASE_URL : null;
  const paths: RegistryPaths = {
    cdnDir: path.join(dir, 'cdn'),
    stateFile: path.join(dir, 'registry', 'registry.db'),
    ...(databaseUrl ? { databaseUrl, databaseSchema: schema } : {}),
  };
  const child: ChildProcess = fork(__filename, ['--serve'], { env: { ...process.env, BENCH_PATHS: JSON.stringify(paths) }, stdio: 'inherit' });
  const next = () =>
    new Promise<ChildMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildMessage));
      child.once('exit', (code) => reject(new Error(`the registry exited with code ${code}`)));
    });
  try {
    const { port } = (await next()) as { port: number };
    const base = `http://127.0.0.1:${port}`;
    // Five live remotes and a canary of the first.
    for (const team of REMOTES) {
      await call(base, 'POST', `/api/remotes/${team}/versions`, { files: fakeBuild(team, '1.0.0-aaaaaaaaaa') });
      await call(base, 'POST', `/api/remotes/${team}/activate`, { version: '1.0.0-aaaaaaaaaa' });
    }
    await call(base, 'POST', '/api/remotes/news/versions', { files: fakeBuild('news', '1.1.0-bbbbbbbbbb') });
    await call(base, 'POST', '/api/remotes/news/activate', { version: '1.1.0-bbbbbbbbbb', canaryPercent: 10 });

    const latencies: number[] = [];
    let failures = 0;
    let requests = 0;
    let running = true;
    const timed = async (run: () => Promise<Response>) => {
      const started = performance.now();
      try {
        const response = await run();
        await response.arrayBuffer();
        requests += 1;
        latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    };
    const shell = async (index: number) => {
      const instance = `bench-shell-${index}`;
      let etag = '';
      let renders = 0;
      // Shells start spread over one interval, as a fleet started at different moments does.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * INTERVAL_MS));
      while (running) {
        const tick = performance.now();
        await timed(async () => {
          const response = await fetch(`${base}/registry.json`, { headers: etag ? { 'if-none-match': etag } : {} });
          etag = response.headers.get('etag') ?? etag;
          return response;
        });
        renders += 5;
        const counters = [
          { remote: 'news', version: '1.0.0-aaaaaaaaaa', renders: renders * 9, renderErrors: 0, browserErrors: 0 },
          { remote: 'news', version: '1.1.0-bbbbbbbbbb', renders, renderErrors: 0, browserErrors: 0 },
          ...REMOTES.slice(1).map((remote) => ({ remote, version: '1.0.0-aaaaaaaaaa', renders: renders * 3, renderErrors: 0, browserErrors: 0 })),
        ];
        const report = {
          instance,
          url: `http://shell-${index}.example`,
          contractsVersion: CONTRACTS_VERSION,
          shared: { react: '19.3.1', 'react-dom': '19.3.1', mobx: '6.15.0' },
          registryRevision: 0,
          pollAgeMs: 100,
          registryError: null,
          live: REMOTES.map((remote) => ({
            remote,
            version: '1.0.0-aaaaaaaaaa',
            health: 'ok',
            since: new Date().toISOString(),
            canary: remote === 'news' ? '1.1.0-bbbbbbbbbb' : null,
            pending: null,
          })),
          counters,
        };
        await timed(() => call(base, 'POST', '/api/fleet/report', report));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, INTERVAL_MS - (performance.now() - tick))));
      }
    };
    const shells = Array.from({ length: SHELLS }, (_, index) => shell(index));
    // Warm up for two intervals, then measure.
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));
    child.send('reset');
    latencies.length = 0;
    requests = 0;
    failures = 0;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const report = next();
    child.send('report');
    const { delay } = (await report) as { delay: { p50: number; p99: number; max: number; mean: number } };
    running = false;
    await Promise.all(shells);
    latencies.sort((a, b) => a - b);
    return (
      `registry on ${engine === 'postgres-remote' ? `postgres (+${RELAY_DELAY_MS} ms each way)` : engine}, ${SHELLS} shells polling every ${INTERVAL_MS / 1000} s for ${SECONDS} s: ` +
      `event-loop delay (sampled every 1 ms) p50 ${delay.p50.toFixed(2)} ms, p99 ${delay.p99.toFixed(2)} ms, max ${delay.max.toFixed(2)} ms; ` +
      `${requests} requests (p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms), ${failures} failed`
    );
  } finally {
    child.removeAllListeners('exit');
    child.send('stop');
    await new Promise((resolve) => {
      child.once('exit', resolve);
      setTimeout(() => resolve(child.kill('SIGKILL')), 5_000).unref();
    });
    relay?.close();
    if (databaseUrl) {
      const client = new Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  for (const engine of ENGINES) console.log(await runEngine(engine));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
