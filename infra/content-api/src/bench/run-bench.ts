import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import knex from 'knex';

/**
 * Starts the built API on each engine with the seeded demo university and prints latency percentiles of
 * page fetches and searches, plus the server's peak RSS around a refused 50 MB + 1 byte upload.
 * Figures only: no assertions. Run with `npm run bench -w @site/content-api`.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAGE_PATHS = [
  'ru/pages/index',
  'en/pages/news',
  'ru/pages/events',
  'ru/pages/news/42',
  'en/pages/events/7',
  'ru/pages/dev/student-life',
  'ru/pages/courses',
];
const SEARCH_QUERIES = ['студенты', 'квантовые вычисления', 'лаборатория робототехники', 'учёные', 'students', 'open day', 'research grant'];

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
}

function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(__dirname, '..', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) resolve({ child, baseUrl: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`the API exited with code ${code} before listening`)));
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function measure(baseUrl: string, paths: string[]): Promise<string> {
  const timings: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const url = `${baseUrl}/${paths[index % paths.length]}${paths[index % paths.length]!.includes('?') ? '&' : '?'}t=${index}`;
    const started = process.hrtime.bigint();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return `p50 ${percentile(timings, 0.5).toFixed(2)} ms, p99 ${percentile(timings, 0.99).toFixed(2)} ms (${REQUESTS} sequential requests)`;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Streams a chunked multipart body of 50 MB + 1 byte of file content; resolves with the answer's status. */
function oversizedUpload(baseUrl: string): Promise<number> {
  const boundary = 'bench-boundary-1234567890';
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  function* body(): Generator<Buffer> {
    for (const [name, value] of [
      ['name', 'Bench'],
      ['email', 'bench@example.com'],
      ['consent', 'on'],
    ]) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`);
    let remaining = 50 * 1024 * 1024 + 1 - 5;
    while (remaining > 0) {
      const slice = chunk.subarray(0, Math.min(chunk.length, remaining));
      remaining -= slice.length;
      yield slice;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/en/forms/application`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    Readable.from(body()).pipe(request);
  });
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `content-bench-${engine}-`));
  const schema = `content_bench_${process.pid}`;
  const env: NodeJS.ProcessEnv = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    CAPTCHA_DISABLED: 'true',
    CONTENT_API_LOG: 'false',
    FORM_RATE_LIMIT_MAX: '1000',
  };
  if (engine === 'postgres') Object.assign(env, { DATABASE_URL, DATABASE_SCHEMA: schema });
  const startedAt = Date.now();
  let server: RunningServer | undefined;
  try {
    server = await startServer(env);
    console.log(`[${engine}] started, migrated and seeded in ${Date.now() - startedAt} ms`);
    await measure(server.baseUrl, PAGE_PATHS.slice(0, 2)); // warm-up
    console.log(`[${engine}] page fetch: ${await measure(server.baseUrl, PAGE_PATHS)}`);
    console.log(
      `[${engine}] search:     ${await measure(
        server.baseUrl,
        SEARCH_QUERIES.map((query) => `ru/pages/search/${encodeURIComponent(query)}`),
      )}`,
    );
    const before = peakRssMb(server.child.pid!);
    const status = await oversizedUpload(server.baseUrl);
    console.log(
      `[${engine}] 50 MB + 1 byte upload answered ${status}; server peak RSS ${before.toFixed(1)} MB before, ${peakRssMb(server.child.pid!).toFixed(1)} MB after`,
    );
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    if (engine === 'postgres') {
      const db = knex({ client: 'pg', connection: DATABASE_URL });
      await db.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await benchEngine('sqlite');
  try {
    await benchEngine('postgres');
  } catch (error) {
    console.log(`[postgres] skipped: ${error instanceof Error ? error.message : String(error)} (set BENCH_DATABASE_URL)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
