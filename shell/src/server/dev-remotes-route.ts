import type { FastifyInstance } from 'fastify';
import { DEV_REMOTES_PATH } from '../federation/dev-overrides';

/**
 * A development shell's answer to `npm run dev -w @site/remote-<team>`: the development builds it serves now (so the
 * dev loop can tell when a save is live). Registered only when the shell has a folder of development builds, which
 * the configuration refuses in production.
 */
export async function devRemotesRoute(app: FastifyInstance, { enabled }: { enabled: boolean }): Promise<void> {
  if (!enabled) return;
  app.log.warn(`development builds of remotes are served from ${app.shellConfig.devRemotesDir} (development only)`);
  app.get(DEV_REMOTES_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const remotes = [...app.registry.current.remotes.values()]
      .filter((record) => record.development)
      .map((record) => ({ name: record.name, version: record.version, manifestUrl: record.manifestUrl, health: record.health }));
    return { remotes };
  });
}
