import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RegistryDocumentSchema } from '@site/contracts';
import { toRegistryDocument } from '../registry-document';
import { badRemoteName, noStore, type RegistryContext } from './context';
import { ErrorAnswers, NoBody, RemoteParams, RemoteStateSchema } from './schemas';

/** How long readiness waits for the store before it calls the registry not ready. */
const READY_TIMEOUT_MS = 1000;

/** The public reads: the document shells poll, one remote's record, and the probes. */
export const catalogRoutes: FastifyPluginAsyncTypebox<RegistryContext> = async (app, context) => {
  const { store, judge } = context;

  app.get(
    '/registry.json',
    {
      schema: { response: { 200: RegistryDocumentSchema, 304: NoBody, ...ErrorAnswers } },
    },
    async (request, reply) => {
      const state = await store.read();
      const etag = `"rev-${state.revision}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return toRegistryDocument(state, context.remotesPublicUrl);
    },
  );

  app.get(
    '/health',
    {
      schema: {
        response: {
          200: Type.Object({ status: Type.Literal('ok'), revision: Type.Integer(), judge: Type.Union([Type.Literal('leader'), Type.Literal('standby')]) }),
        },
      },
    },
    async () => ({ status: 'ok' as const, revision: (await store.read()).revision, judge: judge.isLeader() ? ('leader' as const) : ('standby' as const) }),
  );

  // Ready while it is not stopping and its store answers a read within a second: a registry that cannot read its
  // state would answer every shell's poll with an error, so the load balancer sends it nothing.
  app.get(
    '/ready',
    {
      schema: {
        response: {
          200: Type.Object({ status: Type.Literal('ready'), revision: Type.Integer() }),
          503: Type.Object({ status: Type.Union([Type.Literal('stopping'), Type.Literal('unavailable')]), reason: Type.Optional(Type.String()) }),
        },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      if (context.lifecycle?.draining) return reply.code(503).send({ status: 'stopping' });
      let timer: NodeJS.Timeout | undefined;
      try {
        const state = await Promise.race([
          store.read(),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`the store did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ready' as const, revision: state.revision };
      } catch (error) {
        return reply.code(503).send({ status: 'unavailable', reason: error instanceof Error ? error.message : String(error) });
      } finally {
        clearTimeout(timer);
      }
    },
  );

  app.get(
    '/remotes/:name',
    { schema: { params: RemoteParams, response: { 200: RemoteStateSchema, ...ErrorAnswers } }, config: { refusals: { params: badRemoteName } } },
    async (request, reply) => {
      const remote = (await store.read()).remotes[request.params.name];
      if (!remote) return reply.code(404).send({ statusCode: 404, message: `remote ${request.params.name} is not registered` });
      return remote;
    },
  );
};
