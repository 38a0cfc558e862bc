import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './platform-control';

interface ServiceProcess {
  start(timeoutMs?: number): Promise<void>;
  stop(graceMs?: number): Promise<void>;
  child: { pid?: number } | null;
}
// The orchestrator's own process handling, as `npm start` uses it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require(path.join(repoRoot, 'infra/orchestrator/src/services.js')) as {
  Service: new (spec: object, options: { log: (line: string) => void }) => ServiceProcess;
  freePort(): Promise<number>;
};

const OWN_ADMIN_TOKEN = 'own-backend-admin-token';

export interface OwnProcess {
  url: string;
  port: number;
  /** The process id, for SIGSTOP/SIGCONT: a frozen process keeps its port open and answers nothing. */
  pid(): number;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

async function startProcess(name: string, script: string, env: Record<string, string>, healthPath: string): Promise<OwnProcess> {
  const port = await services.freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const service = new services.Service(
    {
      name,
      command: process.execPath,
      args: [path.join(repoRoot, script)],
      cwd: repoRoot,
      env: { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      healthUrl: `${url}${healthPath}`,
    },
    { log: (line) => output.push(line) },
  );
  try {
    await service.start(60_000);
  } catch (error) {
    throw new Error(`${name} did not start: ${(error as Error).message}\n${output.join('\n')}`);
  }
  const pid = () => {
    const id = service.child?.pid;
    if (!id) throw new Error(`${name} is not running`);
    return id;
  };
  let frozen = false;
  return {
    url,
    port,
    pid,
    freeze() {
      process.kill(pid(), 'SIGSTOP');
      frozen = true;
    },
    thaw() {
      if (frozen) process.kill(pid(), 'SIGCONT');
      frozen = false;
    },
    async stop() {
      if (frozen) process.kill(pid(), 'SIGCONT');
      await service.stop();
    },
  };
}

/**
 * A content API of the test's own (fresh SQLite data), so that freezing it does not disturb tests that run at the
 * same time against the platform's.
 */
export async function startOwnContentApi(): Promise<OwnProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'own-content-api-'));
  const api = await startProcess(
    'own-content-api',
    'infra/content-api/dist/main.js',
    { DATA_DIR: dataDir, CONTENT_ADMIN_TOKEN: OWN_ADMIN_TOKEN, CAPTCHA_DISABLED: 'true' },
    '/health',
  );
  return {
    ...api,
    dataDir,
    async stop() {
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A shell process of the test's own, on the platform's registry and remotes, reading the given content API. */
export function startOwnShell(contentApiUrl: string, env: Record<string, string> = {}): Promise<OwnProcess> {
  return startProcess(
    'own-shell',
    'shell/dist/server/main.js',
    { CONTENT_API_URL: contentApiUrl, REGISTRY_URL: process.env.REGISTRY_URL!, REGISTRY_POLL_MS: '300', ...env },
    '/health',
  );
}

/** Replaces a page's title through the write API of an own content API. */
export async function retitlePage(apiUrl: string, locale: 'ru' | 'en', slug: string, title: string): Promise<void> {
  const current = (await (await fetch(`${apiUrl}/${locale}/pages/${slug}`)).json()) as { data: Record<string, unknown> };
  const response = await fetch(`${apiUrl}/admin/${locale}/pages/${slug}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OWN_ADMIN_TOKEN}` },
    body: JSON.stringify({ ...current.data, title }),
  });
  if (!response.ok) throw new Error(`could not retitle ${slug}: ${response.status} ${await response.text()}`);
}
