import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

// Every service as `npm start` and the containers run it (the built entry, a real process), stopped the way
// Kubernetes and the supervisor stop it: SIGTERM while a request is in flight.
const ROOT = path.resolve(__dirname, '../../..');
const CONTENT_API = path.join(ROOT, 'infra/content-api/dist/main.js');
const SITE_REMOTES = path.join(ROOT, 'infra/registry/bin/site-remotes.js');
const SHELL = path.join(ROOT, 'shell/dist/server/main.js');
const FLEET_TOKEN = 'lifecycle-test-fleet-token';

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code and when the process exited. */
  exited: Promise<{ code: number | null; at: number }>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function start(args: string[], env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited during start-up: ${output}`);
    const status = await get(base, readyPath).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return { child, base, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} was not ready within 45 s: ${output}`);
}

/** One request on its own connection (no keep-alive pool), so a refused connection is seen as refused. */
function get(base: string, pathName: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathName}`, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * A POST whose body arrives in two parts: the server has the request in flight (headers read, body incomplete) until
 * `finish()` sends the rest. The answer's status and body come once the server closes the connection.
 */
function heldPost(base: string, pathName: string, headers: Record<string, string>, body: string) {
  const url = new URL(base);
  const socket = net.connect(Number(url.port), url.hostname);
  const cut = Math.floor(body.length / 2);
  const head = [`POST ${pathName} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, cut)}`);
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), body: raw.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    socket.on('error', () => undefined);
  });
  return { answer, finish: () => socket.write(body.slice(cut)) };
}

async function refused(base: string): Promise<boolean> {
  return get(base, '/health').then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

/** Polls until new connections are refused (the listener closed), for at most `ms`. */
async function waitUntilRefused(base: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await refused(base)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every service stops gracefully on SIGTERM: not ready first, then a bounded drain, then exit 0', () => {
  let dataDir: string;
  const running: Running[] = [];
  const contentApiEnv = () => ({ DATA_DIR: dataDir, CAPTCHA_DISABLED: 'true', CONTENT_API_LOG: 'false' });
  const contact = JSON.stringify({ name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
  });

  afterEach(() => {
    for (const service of running.splice(0)) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the content API finishes a form submission in flight, answers /ready 503 while draining, then refuses and exits 0', async () => {
    const api = await start([CONTENT_API], { ...contentApiEnv(), SHUTDOWN_DELAY_MS: '800', DRAIN_TIMEOUT_MS: '8000' }, '/ready');
    running.push(api);
    const held = heldPost(api.base, '/en/forms/contact', { 'Content-Type': 'application/json' }, contact);
    await sleep(200);
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await sleep(100);
    expect((await get(api.base, '/ready')).status).toBe(503);
    expect((await get(api.base, '/health')).status).toBe(200);
    expect(await waitUntilRefused(api.base, 3000)).toBe(true);
    held.finish();
    const answer = await held.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
    const exit = await api.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(800 + 8000);
  }, 60_000);

  test('a content API whose drain cannot finish names the cut request and exits non-zero by the bound', async () => {
    const api = await start([CONTENT_API], { ...contentApiEnv(), SHUTDOWN_DELAY_MS: '0', DRAIN_TIMEOUT_MS: '1000' }, '/ready');
    running.push(api);
    const held = heldPost(api.base, '/en/forms/contact', { 'Content-Type': 'application/json' }, contact);
    await sleep(200);
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    const exit = await api.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(1000);
    // The bound plus a margin for a loaded machine: never the 30 s default.
    expect(exit.at - signalledAt).toBeLessThan(4000);
    expect(api.output()).toContain('POST /en/forms/contact');
    expect((await held.answer).status).toBe(0);
  }, 60_000);

  test('connections that carry no request do not hold a drain: a spare one never used and a keep-alive one between requests', async () => {
    const api = await start([CONTENT_API], { ...contentApiEnv(), SHUTDOWN_DELAY_MS: '0', DRAIN_TIMEOUT_MS: '8000' }, '/ready');
    running.push(api);
    // What a browser connected straight to the server holds: a connection opened ahead of need that has sent nothing,
    // and one that carried a request and stays open for the next.
    const url = new URL(api.base);
    const spare = net.connect(Number(url.port), url.hostname);
    const spareClosed = new Promise<void>((resolve) => spare.on('close', () => resolve()));
    spare.on('error', () => undefined);
    const agent = new http.Agent({ keepAlive: true });
    const used = await new Promise<number>((resolve, reject) =>
      http.get(`${api.base}/health`, { agent }, (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0))).on('error', reject),
    );
    expect(used).toBe(200);
    await sleep(200);
    api.child.kill('SIGTERM');
    const exit = await api.exited;
    agent.destroy();
    // Exit 0 and "drained": the drain found nothing in flight. (It used to wait the whole 8 s for the spare connection,
    // then log "cutting 0 request(s)" and exit 1.)
    expect(exit.code).toBe(0);
    expect(api.output()).toContain('drained and closed');
    expect(api.output()).not.toContain('cutting');
    await spareClosed;
  }, 60_000);

  test('the registry finishes a fleet report in flight, answers /ready 503 while draining, closes its store and exits 0', async () => {
    const registry = await start(
      [SITE_REMOTES, 'serve-registry'],
      { DATA_DIR: path.join(dataDir, 'registry'), FLEET_TOKEN, SHUTDOWN_DELAY_MS: '800', DRAIN_TIMEOUT_MS: '8000' },
      '/ready',
    );
    running.push(registry);
    const report = JSON.stringify({ instance: 'lifecycle-shell', live: [], counters: [] });
    const held = heldPost(registry.base, '/api/fleet/report', { 'Content-Type': 'application/json', Authorization: `Bearer ${FLEET_TOKEN}` }, report);
    await sleep(200);
    const signalledAt = Date.now();
    registry.child.kill('SIGTERM');
    await sleep(100);
    expect((await get(registry.base, '/ready')).status).toBe(503);
    expect((await get(registry.base, '/health')).status).toBe(200);
    expect(await waitUntilRefused(registry.base, 3000)).toBe(true);
    held.finish();
    expect((await held.answer).status).toBe(204);
    const exit = await registry.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(800 + 8000);
    expect(registry.output()).toContain('registry: drained and closed');
  }, 60_000);

  test('the remote host finishes a download in flight, answers /ready 503 while draining, then refuses and exits 0', async () => {
    const shared = path.join(dataDir, 'shared');
    const file = path.join(shared, 'cdn', 'news', '1.0.0', 'big.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Larger than the loopback socket buffers: the answer stays in flight while the client does not read.
    const size = 48 * 1024 * 1024;
    fs.writeFileSync(file, Buffer.alloc(size, 'a'));
    const host = await start(
      [SITE_REMOTES, 'serve-static'],
      { DATA_DIR: path.join(dataDir, 'remote-host'), SHARED_DATA_DIR: shared, SHUTDOWN_DELAY_MS: '800', DRAIN_TIMEOUT_MS: '8000' },
      '/ready',
    );
    running.push(host);
    let received = 0;
    let status = 0;
    let resume: () => void = () => undefined;
    const download = new Promise<void>((resolve, reject) => {
      http
        .get(`${host.base}/remotes/news/1.0.0/big.js`, { agent: false }, (response) => {
          status = response.statusCode ?? 0;
          response.pause();
          resume = () => response.resume();
          response.on('data', (chunk: Buffer) => (received += chunk.length));
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
    await sleep(300);
    const signalledAt = Date.now();
    host.child.kill('SIGTERM');
    await sleep(100);
    expect((await get(host.base, '/ready')).status).toBe(503);
    expect((await get(host.base, '/health')).status).toBe(200);
    expect(await waitUntilRefused(host.base, 3000)).toBe(true);
    expect(host.child.exitCode).toBeNull();
    resume();
    await download;
    expect({ status, received }).toEqual({ status: 200, received: size });
    const exit = await host.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(800 + 8000);
  }, 60_000);

  test('the shell finishes a render held by a frozen content API, answers /ready 503 while draining, then refuses and exits 0', async () => {
    const api = await start([CONTENT_API], contentApiEnv(), '/ready');
    running.push(api);
    const registry = await start([SITE_REMOTES, 'serve-registry'], { DATA_DIR: path.join(dataDir, 'shell-registry'), FLEET_TOKEN }, '/ready');
    running.push(registry);
    const shell = await start(
      [SHELL],
      {
        DATA_DIR: path.join(dataDir, 'shell'),
        CONTENT_API_URL: api.base,
        REGISTRY_URL: `${registry.base}/registry.json`,
        FLEET_TOKEN,
        CONTENT_API_TIMEOUT_MS: '10000',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_MS: '800',
        DRAIN_TIMEOUT_MS: '8000',
      },
      '/ready',
    );
    running.push(shell);
    // The content API stops answering (as a hung machine does): the render waits for it.
    api.child.kill('SIGSTOP');
    const page = get(shell.base, '/en');
    await sleep(300);
    const signalledAt = Date.now();
    shell.child.kill('SIGTERM');
    await sleep(100);
    const ready = await get(shell.base, '/ready');
    expect({ status: ready.status, body: JSON.parse(ready.body) }).toEqual({ status: 503, body: { status: 'stopping' } });
    expect((await get(shell.base, '/health')).status).toBe(200);
    expect(await waitUntilRefused(shell.base, 3000)).toBe(true);
    expect(shell.child.exitCode).toBeNull();
    api.child.kill('SIGCONT');
    const rendered = await page;
    expect(rendered.status).toBe(200);
    expect(rendered.body).toContain('</html>');
    const exit = await shell.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(800 + 8000);
  }, 90_000);
});
