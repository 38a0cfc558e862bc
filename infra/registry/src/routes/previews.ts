import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hostDeclarations } from '../fleet';
import { checkRecordedVersion, GateRefusal } from '../gates';
import { authorize } from '../operations';
import { createPreview, isActivePreview, MAX_PREVIEW_TTL_SECONDS, previewsOf, revokePreview } from '../previews';
import type { PreviewState } from '../state';
import { actorOf, badRemoteName, noStore, type RegistryContext } from './context';
import { ErrorAnswers, RemoteParams } from './schemas';

const PreviewSchema = Type.Object({
  id: Type.String(),
  remote: Type.String(),
  version: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  actor: Type.String(),
  active: Type.Boolean(),
  revokedAt: Type.Optional(Type.String()),
  revokedBy: Type.Optional(Type.String()),
});

function described(preview: PreviewState, now = Date.now()) {
  const { tokenSha256: _hash, ...rest } = preview;
  return { ...rest, active: isActivePreview(preview, now) };
}

/**
 * Previews (team tokens, each team on its own remote): a published version shown, through a secret link, to the
 * browsers that open it, on every shell, and to nobody else; listed, and revoked before its expiry.
 */
export const previewRoutes: FastifyPluginAsyncTypebox<RegistryContext> = async (app, context) => {
  const { store, paths, tokens } = context;

  app.post(
    '/api/remotes/:name/previews',
    {
      schema: {
        params: RemoteParams,
        body: Type.Object({
          version: Type.String({ minLength: 1 }),
          ttlSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PREVIEW_TTL_SECONDS })),
        }),
        response: { 201: Type.Composite([PreviewSchema, Type.Object({ token: Type.String() })]), ...ErrorAnswers },
      },
      config: {
        refusals: {
          params: badRemoteName,
          body: (_request, issues) =>
            issues.some((issue) => issue.instancePath === '/ttlSeconds')
              ? `ttlSeconds must be an integer from 1 to ${MAX_PREVIEW_TTL_SECONDS}`
              : 'expected {"version": "...", "ttlSeconds": <seconds>}',
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, tokens);
      const { name } = request.params;
      const { version, ttlSeconds } = request.body;
      authorize(actor, name);
      // The gate of going live: a version the live shells cannot run is not shown to anyone either.
      try {
        checkRecordedVersion(
          name,
          (await store.read()).remotes[name]?.history.find((item) => item.version === version),
          await hostDeclarations(store),
        );
      } catch (error) {
        if (error instanceof GateRefusal)
          await store.audit({ actor: actor.name, action: 'preview', remote: name, from: null, to: version, outcome: 'refused', detail: error.message });
        throw error;
      }
      const { preview, token } = await createPreview(paths, name, version, { actor, ...(ttlSeconds ? { ttlSeconds } : {}) });
      noStore(reply);
      return reply.code(201).send({ ...described(preview), token });
    },
  );

  app.get('/api/previews', { schema: { response: { 200: Type.Object({ previews: Type.Array(PreviewSchema) }), ...ErrorAnswers } } }, async (request, reply) => {
    const actor = actorOf(request, tokens);
    noStore(reply);
    const now = Date.now();
    return { previews: previewsOf(await store.read(), actor).map((preview) => described(preview, now)) };
  });

  app.delete(
    '/api/previews/:id',
    {
      schema: { params: Type.Object({ id: Type.String({ pattern: '^[a-z0-9]{6,32}$' }) }), response: { 200: PreviewSchema, ...ErrorAnswers } },
      config: { refusals: { params: (request) => `${JSON.stringify((request.params as { id?: unknown }).id)} is not a preview id` } },
    },
    async (request) => described(await revokePreview(paths, request.params.id, actorOf(request, tokens))),
  );
};
