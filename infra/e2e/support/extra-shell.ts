import path from 'node:path';
import { repoRoot } from './platform-control';

interface OrchestratorService {
  start(timeoutMs?: number): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}
// The orchestrator's own process handling, as `npm start` uses it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require(path.join(repoRoot, 'infra/orchestrator/src/services.js')) as {
  Service: new (spec: object, options: { log: (line: string) => void }) => OrchestratorService;
  freePort(): Promise<number>;
};

export interface ExtraShell {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second shell process beside the platform's, with settings of its own (analytics counter, PDF hosts, another
 * content API), against the same registry and remotes: for behaviour the shared shell is not configured for.
 */
export async function startExtraShell(env: Record<string, string>): Promise<ExtraShell> {
  const port = await services.freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const service = new services.Service(
    {
      name: 'extra-shell',
      command: process.execPath,
      args: [path.join(repoRoot, 'shell/dist/server/main.js')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        CONTENT_API_URL: process.env.API_URL!,
        REGISTRY_URL: process.env.REGISTRY_URL!,
        REGISTRY_POLL_MS: '300',
        LOG_LEVEL: 'warn',
        ...env,
      },
      healthUrl: `${url}/health`,
    },
    { log: (line) => output.push(line) },
  );
  try {
    await service.start(30_000);
  } catch (error) {
    throw new Error(`the extra shell did not start: ${(error as Error).message}\n${output.join('\n')}`);
  }
  return { url, stop: () => service.stop() };
}
