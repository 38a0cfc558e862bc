import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './platform-control';

// The orchestrator's own start, as `npm start` and the global setup use it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require(path.join(repoRoot, 'infra/orchestrator/src/platform.js')) as typeof import('../../orchestrator/src/platform.js');

export interface OwnPlatform {
  site: string;
  api: string;
  /** The registry service (publishing API, `/registry.json`). */
  registry: string;
  /** The static host of published remote builds. */
  remotes: string;
  dataDir: string;
  logDir: string;
  /** Stops one service (`content-api`, `remote-host`, `registry`, `shell`) while the others keep running. */
  stopService(name: string): Promise<void>;
  /** Starts a stopped service again and waits until it is healthy. */
  startService(name: string): Promise<void>;
  /** Stops a service and starts it again with `env` added to its environment (new settings, the same data). */
  restartService(name: string, env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A whole platform of its own (free ports, throw-away data), for tests that overload or break services and so
 * must not share the suite's platform.
 */
export async function startOwnPlatform(name: string, env: Record<string, string>): Promise<OwnPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${name}-`));
  const logDir = path.join(repoRoot, 'test-results', `e2e-${name}-logs`);
  fs.rmSync(logDir, { recursive: true, force: true });
  const platform = await startPlatform({
    ports: { site: 0, remotes: 0, api: 0, registry: 0 },
    dataDir,
    logDir,
    build: false,
    log: () => undefined,
    env: { REGISTRY_POLL_MS: '300', LOG_LEVEL: 'warn', CAPTCHA_DISABLED: 'true', ...env },
  });
  return {
    site: platform.urls.site.replace('localhost', '127.0.0.1'),
    api: platform.urls.api,
    registry: platform.urls.registry.replace(/\/registry\.json$/, ''),
    remotes: platform.urls.remotes,
    dataDir,
    logDir,
    stopService: (service) => platform.stopService(service),
    startService: (service) => platform.startService(service),
    async restartService(service, env) {
      const supervised = platform.services.get(service);
      if (!supervised) throw new Error(`the platform has no service ${service}`);
      await supervised.stop();
      Object.assign(supervised.spec.env, env);
      await supervised.start();
    },
    async stop() {
      await platform.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
