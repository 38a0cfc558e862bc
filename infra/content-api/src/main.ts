import { createContentApi } from './app';
import { configFromEnv, lifecycleFromEnv } from './config';
import { Lifecycle } from '@site/server-kit';

/**
 * Reads the environment and starts the API. On SIGTERM or SIGINT its /ready answers 503, then it stops accepting,
 * finishes requests in flight within DRAIN_TIMEOUT_MS, closes the database and exits 0 (1 when the drain was cut).
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const settings = lifecycleFromEnv();
  const lifecycle = new Lifecycle();
  const api = await createContentApi(config, { lifecycle });
  await api.app.listen({ host: config.host, port: config.port });
  lifecycle.stopOnSignal(api.app, { name: 'content-api', ...settings, closeResources: () => api.closeDatabase() });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`content-api listening on http://${config.host}:${port} (${api.engine})`);
}

main().catch((error: unknown) => {
  console.error(`content-api failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
