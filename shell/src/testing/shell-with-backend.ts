import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { createShellServer, type ShellServer } from '../server/app';
import { readConfig } from '../server/config';
import { BackendGate } from './backend-gate';
import { trackStart } from './left-behind';

export interface ShellWithBackend {
  contentApi: ContentApi;
  /** The HTTP hop between shell and content API: counts requests, freezes like a SIGSTOPped backend. */
  gate: BackendGate;
  shell: ShellServer;
  close(): Promise<void>;
}

export interface ShellWithBackendOptions {
  /** Names the temporary folders. */
  name: string;
  /** The content API's admin token, for tests that edit content. */
  adminToken?: string;
  /** Shell settings over the defaults below (as environment variables, through the config module). */
  env?: Record<string, string>;
}

/**
 * An in-process shell in front of a real content API (SQLite in a temporary folder) through a real HTTP hop, with no
 * registry (nothing listens at its address, so every section is 'missing'): what the shell's server tests need.
 */
export function startShellWithBackend(options: ShellWithBackendOptions): Promise<ShellWithBackend> {
  return trackStart(launchShellWithBackend(options));
}

async function launchShellWithBackend(options: ShellWithBackendOptions): Promise<ShellWithBackend> {
  // The shell's webpack build creates the federation host; in-process the test does.
  initFederation({ name: 'shell', remotes: [] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-api-`));
  const browserDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-shell-`));
  fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify({ js: ['shell.js'], css: [] }));
  const base = configFromEnv({});
  const contentApi = await createContentApi({
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    captcha: { ...base.captcha, enabled: false },
    logger: false,
  });
  await contentApi.app.listen({ host: '127.0.0.1', port: 0 });
  const gate = new BackendGate(`http://127.0.0.1:${(contentApi.app.server.address() as AddressInfo).port}`);
  await gate.start();
  const config = readConfig(
    {
      PORT: '3999',
      CONTENT_API_URL: gate.url,
      REGISTRY_URL: 'http://127.0.0.1:9/registry.json',
      REMOTE_ENTRY_TIMEOUT_MS: '200',
      CONTENT_API_TIMEOUT_MS: '600',
      CONTENT_REVISION_POLL_MS: '100',
      LOG_LEVEL: 'silent',
      ...options.env,
    },
    browserDir,
  );
  const shell = await createShellServer({ ...config, browserDistDir: browserDir });
  let closed: Promise<void> | undefined;
  return {
    contentApi,
    gate,
    shell,
    close: () =>
      (closed ??= (async () => {
        await shell.close();
        await gate.stop();
        await contentApi.close();
        for (const dir of [dataDir, browserDir]) fs.rmSync(dir, { recursive: true, force: true });
      })()),
  };
}
