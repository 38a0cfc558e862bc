import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../support/platform-control';

// Runs `npm start` itself and kills one of its services: alone, after everything else.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require(path.join(repoRoot, 'infra/orchestrator/src/services.js')) as { freePort(): Promise<number> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require(require.resolve('better-sqlite3', { paths: [path.join(repoRoot, 'infra/content-api')] })) as new (
  file: string,
  options?: object,
) => {
  prepare(sql: string): { get(...values: unknown[]): { count: number } };
  close(): void;
};

interface ServiceStatus {
  name: string;
  state: string;
  pid: number | null;
  restarts: number;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Sends the contact form the way the site's browser code does when a submission meets a restart: the same
 * Idempotency-Key on every attempt, a short pause between attempts, and a bounded total time.
 */
async function submitWithRetries(site: string, key: string, budgetMs: number): Promise<{ status: number; attempts: number; id: string }> {
  const deadline = Date.now() + budgetMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      // `npm start` runs the forms with its captcha stand-in: a token per attempt, as the browser asks for one.
      const captcha = await fetch(`${site}/_dev/captcha/token?action=contact`, { method: 'POST', signal: AbortSignal.timeout(5000) });
      const { token } = (await captcha.json()) as { token: string };
      const response = await fetch(`${site}/api/en/forms/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          name: 'Anna Smirnova',
          email: 'anna@example.com',
          message: 'A question about the master programmes.',
          consent: true,
          captchaToken: token,
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (response.status === 200 || response.status === 201) return { status: response.status, attempts, id: ((await response.json()) as { id: string }).id };
      if (response.status < 500 && response.status !== 429) throw new Error(`refused: ${response.status} ${await response.text()}`);
    } catch (error) {
      if ((error as Error).message.startsWith('refused')) throw error;
    }
    if (Date.now() > deadline) throw new Error(`not accepted within ${budgetMs} ms (${attempts} attempts)`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

test.describe('npm start supervises its services', () => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let site: string;
  let apiUrl: string;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-supervision-'));
    const [port, remotes, api, registry] = [await freePort(), await freePort(), await freePort(), await freePort()];
    site = `http://127.0.0.1:${port}`;
    apiUrl = `http://127.0.0.1:${api}`;
    child = spawn(process.execPath, [path.join(repoRoot, 'infra/orchestrator/bin/start.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        REMOTES_PORT: String(remotes),
        CONTENT_API_PORT: String(api),
        REGISTRY_PORT: String(registry),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        OPERATOR_TOKEN: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 120_000 }).toContain('The site is running');
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGKILL of the content API during a submission: back within 5 s, the submission stored once, nothing else stopped', async ({ request }) => {
    const statusFile = path.join(dataDir, 'run', 'services.json');
    const services = () => (JSON.parse(fs.readFileSync(statusFile, 'utf8')) as { services: ServiceStatus[] }).services;
    const before = new Map(services().map((service) => [service.name, service.pid!]));
    const apiPid = before.get('content-api')!;

    const key = `supervision-${Date.now()}-key`;
    const submission = submitWithRetries(site, key, 15_000);
    const killedAt = Date.now();
    process.kill(apiPid, 'SIGKILL');

    // The supervisor brings it back quickly.
    await expect
      .poll(
        async () =>
          fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(500) })
            .then((r) => r.ok)
            .catch(() => false),
        { timeout: 5000, intervals: [100] },
      )
      .toBe(true);
    const backAfterMs = Date.now() - killedAt;
    const accepted = await submission;
    console.log(`content API back ${backAfterMs} ms after SIGKILL; the submission was accepted (${accepted.status}) after ${accepted.attempts} attempt(s)`);
    expect(backAfterMs).toBeLessThan(5000);

    const db = new Database(path.join(dataDir, 'content.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) AS count FROM form_submissions WHERE idempotency_key = ?').get(key).count).toBe(1);
    } finally {
      db.close();
    }

    // The other services never stopped; the restart is logged and shown to operators.
    const after = services();
    for (const [name, pid] of before) {
      if (name === 'content-api') continue;
      expect(after.find((service) => service.name === name)?.pid, name).toBe(pid);
      expect(alive(pid)).toBe(true);
    }
    // The supervisor marks it running once its own health check has passed, which may come a poll (100 ms) after ours.
    await expect
      .poll(() => services().find((service) => service.name === 'content-api'), { timeout: 2000, intervals: [50] })
      .toMatchObject({ state: 'running', restarts: 1 });
    expect(output).toMatch(/\[supervisor\] content-api exited \(signal SIGKILL\); restarting in \d+ ms/);
    const token = fs.readFileSync(path.join(dataDir, 'dashboard-token'), 'utf8').trim();
    const dashboard = await request.get(`${site}/_platform`, { headers: { authorization: `Bearer ${token}` } });
    expect(await dashboard.text()).toMatch(/data-service="content-api">[\s\S]*?<td class="ok">running<\/td><td>\d+<\/td><td>1<\/td>/);
    expect(child.exitCode).toBeNull();
  });
});
