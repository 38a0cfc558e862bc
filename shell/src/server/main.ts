import { enableStaticRendering } from 'mobx-react-lite';
import { takeShellConfig } from './start-config';

// Server renders never commit: without this, every observer's reaction would outlive its request.
enableStaticRendering(true);
import { createShellServer } from './app';

async function main(): Promise<void> {
  // Teams' server code runs in this process: no secret stays in its environment once the configuration holds it.
  const { config, scrubbed } = takeShellConfig(process.env);
  if (scrubbed.includes('OPERATOR_TOKEN'))
    console.warn('OPERATOR_TOKEN is the platform token and not for shells: ignored and removed (shells take FLEET_TOKEN and DASHBOARD_TOKEN_SHA256)');
  const server = await createShellServer(config);
  await server.app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`shell listening on http://${shownHost}:${config.port}`);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error('shell failed to start:', error);
  process.exit(1);
});
