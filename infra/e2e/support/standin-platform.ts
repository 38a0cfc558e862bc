import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './platform-control';

interface OrchestratorService {
  start(timeoutMs?: number): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require(path.join(repoRoot, 'infra/orchestrator/src/services.js')) as {
  Service: new (spec: object, options: { log: (line: string) => void }) => OrchestratorService;
  freePort(): Promise<number>;
};

/** The stand-in content API's admin token, for reading back what it stored. */
const STANDIN_ADMIN_TOKEN = 'standin-admin-token';

export interface StandInPlatform {
  url: string;
  apiUrl: string;
  adminToken: string;
  stop(): Promise<void>;
}

/**
 * A shell and a content API configured as `npm start` configures them without captcha keys: the shell serves the
 * captcha stand-in and the content API verifies its tokens there with the shared secret of the run. Both are
 * extra processes beside the suite's platform (whose captcha is the loopback provider), on the same registry.
 */
export async function startStandInPlatform(): Promise<StandInPlatform> {
  const [sitePort, apiPort] = [await services.freePort(), await services.freePort()];
  const url = `http://127.0.0.1:${sitePort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-standin-'));
  const secret = `standin-${Date.now().toString(36)}-secret`;
  const output: string[] = [];
  const log = (line: string) => output.push(line);
  const api = new services.Service(
    {
      name: 'standin-content-api',
      command: process.execPath,
      args: [path.join(repoRoot, 'infra/content-api/dist/main.js')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        CAPTCHA_SECRET: secret,
        CAPTCHA_VERIFY_URL: `${url}/_dev/captcha/siteverify`,
        CONTENT_API_LOG: 'false',
        CONTENT_ADMIN_TOKEN: STANDIN_ADMIN_TOKEN,
      },
      healthUrl: `${apiUrl}/health`,
    },
    { log },
  );
  const shell = new services.Service(
    {
      name: 'standin-shell',
      command: process.execPath,
      args: [path.join(repoRoot, 'shell/dist/server/main.js')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(sitePort),
        CONTENT_API_URL: apiUrl,
        REGISTRY_URL: process.env.REGISTRY_URL!,
        REGISTRY_POLL_MS: '300',
        LOG_LEVEL: 'warn',
        CAPTCHA_STANDIN: 'true',
        CAPTCHA_STANDIN_SECRET: secret,
      },
      healthUrl: `${url}/health`,
    },
    { log },
  );
  try {
    await api.start(60_000);
    await shell.start(30_000);
  } catch (error) {
    await shell.stop();
    await api.stop();
    throw new Error(`the stand-in platform did not start: ${(error as Error).message}\n${output.join('\n')}`);
  }
  return {
    url,
    apiUrl,
    adminToken: STANDIN_ADMIN_TOKEN,
    async stop() {
      await shell.stop();
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
