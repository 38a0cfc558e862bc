import { enableStaticRendering } from 'mobx-react-lite';
import { takeShellConfig } from './start-config';
import { lifecycleFromEnv } from './config';
import { Lifecycle } from '@site/server-kit';

// Server renders never commit: without this, every observer's reaction would outlive its request.
enableStaticRendering(true);
import { createShellServer } from './app';

async function main(): Promise<void> {
  // Teams' server code runs in this process: no secret stays in its environment once the configuration holds it.
  const { config, scrubbed } = takeShellConfig(process.env);
  if (scrubbed.includes('OPERATOR_TOKEN'))
    console.warn('OPERATOR_TOKEN is the platform token and not for shells: ignored and removed (shells take FLEET_TOKEN and DASHBOARD_TOKEN_SHA256)');
  const lifecycle = new Lifecycle();
  const server = await createShellServer(config, { lifecycle });
  await server.app.listen({ host: config.host, port: config.port });
  // SIGTERM or SIGINT: /ready answers 503, then the shell stops accepting, finishes renders and proxied calls in
  // flight within DRAIN_TIMEOUT_MS, stops its pollers (Fastify's onClose hooks) and exits.
  lifecycle.stopOnSignal(server.app, { name: 'shell', ...lifecycleFromEnv(process.env) });
  const shownHost = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`shell listening on http://${shownHost}:${config.port}`);
}

main().catch((error) => {
  console.error('shell failed to start:', error);
  process.exit(1);
});
