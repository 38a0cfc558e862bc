import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export const repoRoot = path.resolve(__dirname, '../../..');

interface RegistryModule {
  deployBuild(paths: RegistryPaths, distDir: string): Promise<{ remote: string; version: string }>;
  registerExternal(paths: RegistryPaths, remote: string, version: string, manifestUrl: string): Promise<unknown>;
  rollback(paths: RegistryPaths, remote: string, toVersion?: string): Promise<{ version: string }>;
  createStaticHost(options: { cdnDir: string }): import('fastify').FastifyInstance;
}
export interface RegistryPaths {
  cdnDir: string;
  stateFile: string;
}

// The registry's own operations, as the `site-remotes` CLI uses them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const registry = require(path.join(repoRoot, 'infra/registry/dist/index.js')) as RegistryModule;

export function registryPaths(): RegistryPaths {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set: run through the e2e global setup');
  return { cdnDir: path.join(dataDir, 'cdn'), stateFile: path.join(dataDir, 'registry', 'registry.db') };
}

export interface RemoteStatus {
  name: string;
  version: string;
  manifestUrl: string;
  health: string;
  /** Why the remote is not fully usable, or which newer version waits (see the dashboard). */
  problem: string | null;
  sections: string[];
}

/** The operator pages answer only with the dashboard password (never the platform token: shells do not hold it). */
export function operatorHeaders(): Record<string, string> {
  return { authorization: `Bearer ${process.env.E2E_DASHBOARD_TOKEN}` };
}

export async function platformStatus(request: APIRequestContext): Promise<{ remotes: RemoteStatus[]; process: { uptimeSeconds: number } }> {
  const response = await request.get('/_platform/remotes.json', { headers: operatorHeaders() });
  return response.json();
}

/** Polls the shell's platform status until the predicate holds (the shell polls the registry on its own). */
export async function waitForRemote(
  request: APIRequestContext,
  name: string,
  predicate: (remote: RemoteStatus) => boolean,
  timeoutMs = 30_000,
): Promise<RemoteStatus> {
  const deadline = Date.now() + timeoutMs;
  let last: RemoteStatus | undefined;
  while (Date.now() < deadline) {
    last = (await platformStatus(request)).remotes.find((remote) => remote.name === name);
    if (last && predicate(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`remote ${name} did not reach the expected state; last seen: ${JSON.stringify(last)}`);
}

/** Creates or replaces a backend page through the content API's write API. */
export async function putPage(request: APIRequestContext, locale: 'ru' | 'en', page: { slug: string; title: string; components: unknown[] }): Promise<void> {
  const response = await request.put(`${process.env.API_URL}/admin/${locale}/pages/${page.slug}`, {
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    data: page,
  });
  if (!response.ok()) throw new Error(`could not save page ${page.slug}: ${response.status()} ${await response.text()}`);
}

export function copyDir(from: string, to: string, skip: (name: string) => boolean = () => false): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true, filter: (source) => !skip(path.basename(source)) });
}
