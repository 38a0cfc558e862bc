import { createContentApi } from './app';
import { configFromEnv } from './config';

/** Reads the environment, starts the API and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const api = await createContentApi(config);
  await api.app.listen({ host: config.host, port: config.port });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`content-api listening on http://${config.host}:${port} (${api.engine})`);
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`content-api failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
