import Fastify, { type FastifyInstance } from 'fastify';
import type { RegistryDocument } from '@site/contracts';
import { RegistryStateFile, type RegistryState } from './state';

export interface RegistryServerOptions {
  stateFile: string;
  /** Public URL of the static host's `/remotes/` folder, against which published manifest paths resolve. */
  remotesPublicUrl: string;
  logger?: boolean;
}

export function toRegistryDocument(state: RegistryState, remotesPublicUrl: string): RegistryDocument {
  const base = remotesPublicUrl.endsWith('/') ? remotesPublicUrl : `${remotesPublicUrl}/`;
  return {
    revision: state.revision,
    updatedAt: state.updatedAt,
    remotes: Object.entries(state.remotes)
      .map(([name, remote]) => {
        const current = remote.history.find((item) => item.version === remote.current);
        if (!current) return null;
        const manifestUrl = /^https?:\/\//.test(current.manifest) ? current.manifest : new URL(current.manifest, base).toString();
        return { name, version: current.version, manifestUrl, deployedAt: current.deployedAt };
      })
      .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * The registry: which version of each remote is live. `GET /registry.json` is what shells poll (with ETag);
 * `GET /remotes/{name}` shows a remote's deploy history for operators.
 */
export function createRegistryServer(options: RegistryServerOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const stateFile = new RegistryStateFile(options.stateFile);

  app.get('/registry.json', async (request, reply) => {
    const state = stateFile.read();
    const etag = `"rev-${state.revision}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return toRegistryDocument(state, options.remotesPublicUrl);
  });

  app.get<{ Params: { name: string } }>('/remotes/:name', async (request, reply) => {
    const remote = stateFile.read().remotes[request.params.name];
    if (!remote) return reply.code(404).send({ statusCode: 404, message: `remote ${request.params.name} is not registered` });
    return remote;
  });

  app.get('/health', async () => ({ status: 'ok', revision: stateFile.read().revision }));
  return app;
}
