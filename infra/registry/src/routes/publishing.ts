import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS_VERSION, ManifestSectionSchema } from '@site/contracts';
import { AuditEntrySchema } from '@site/contracts/fleet';
import { hostDeclarations } from '../fleet';
import { checkExternalRelease, checkRecordedVersion, GateRefusal, type ExternalRelease } from '../gates';
import { activate, authorize, publishVersion, RegistryError, registerExternal, retire, rollback, transferSection } from '../operations';
import { describeBudget, describeGrowth } from '../size-budget';
import { actorOf, badRemoteName, noStore, REMOTE_NAME_PATTERN, type RegistryContext } from './context';
import { CanaryOrNone, DeployedVersionSchema, ErrorAnswers, RemoteParams } from './schemas';

const Revision = Type.Integer({ minimum: 0 });

/**
 * The publishing API (team tokens; a team acts only on its own remote, the platform team on every one): what is
 * published and live, publish, activate or start a canary, roll back, register a version hosted elsewhere, retire,
 * transfer a section name, and the audit log every change is recorded in.
 */
export const publishingRoutes: FastifyPluginAsyncTypebox<RegistryContext> = async (app, context) => {
  const { store, paths, tokens } = context;

  app.get(
    '/api/remotes',
    {
      schema: {
        response: {
          200: Type.Object({
            revision: Revision,
            remotes: Type.Record(
              Type.String(),
              Type.Object({ current: Type.String(), canary: CanaryOrNone, versions: Type.Array(Type.Omit(DeployedVersionSchema, ['files'])) }),
            ),
          }),
          ...ErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      actorOf(request, tokens);
      noStore(reply);
      const state = await store.read();
      return {
        revision: state.revision,
        remotes: Object.fromEntries(
          Object.entries(state.remotes).map(([name, remote]) => [
            name,
            { current: remote.current, canary: remote.canary ?? null, versions: remote.history.map(({ files: _files, ...rest }) => rest) },
          ]),
        ),
      };
    },
  );

  app.get(
    '/api/remotes/:name',
    {
      schema: {
        params: RemoteParams,
        response: {
          200: Type.Object({
            name: Type.String(),
            current: Type.String(),
            canary: CanaryOrNone,
            versions: Type.Array(DeployedVersionSchema),
            audit: Type.Array(AuditEntrySchema),
          }),
          ...ErrorAnswers,
        },
      },
      config: { refusals: { params: badRemoteName } },
    },
    async (request, reply) => {
      actorOf(request, tokens);
      noStore(reply);
      const { name } = request.params;
      const remote = (await store.read()).remotes[name];
      if (!remote) throw new RegistryError(404, `remote ${name} is not registered`);
      return { name, current: remote.current, canary: remote.canary ?? null, versions: remote.history, audit: await store.auditLog(100, name) };
    },
  );

  const Published = Type.Object({ remote: Type.String(), version: Type.String(), created: Type.Boolean() });

  // A build's dist/ as {files: {"path": "<base64>"}}: one immutable version. `acceptSizeGrowth` is the team's reason
  // for publishing a release that grows a section's first-load JavaScript past the size budget.
  app.post(
    '/api/remotes/:name/versions',
    {
      schema: {
        params: RemoteParams,
        body: Type.Object({
          files: Type.Record(Type.String(), Type.String()),
          acceptSizeGrowth: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
        }),
        response: { 200: Published, 201: Published, ...ErrorAnswers },
      },
      config: {
        refusals: {
          params: badRemoteName,
          body: (_request, issues) =>
            issues.some((issue) => issue.instancePath === '/acceptSizeGrowth')
              ? 'acceptSizeGrowth must be a reason of 1 to 500 characters'
              : 'expected {"files": {"<path>": "<base64>"}}',
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, tokens);
      const { name } = request.params;
      authorize(actor, name);
      const files = new Map(Object.entries(request.body.files).map(([file, content]) => [file, Buffer.from(content, 'base64')]));
      const { acceptSizeGrowth } = request.body;
      let result: Awaited<ReturnType<typeof publishVersion>>;
      try {
        result = await publishVersion(paths, files, {
          actor,
          hosts: await hostDeclarations(store),
          sizeBudget: context.sizeBudget,
          ...(acceptSizeGrowth ? { acceptSizeGrowth } : {}),
        });
        if (result.remote !== name) throw new RegistryError(400, `the build is remote ${result.remote}, not ${name}`);
      } catch (error) {
        await store.audit({
          actor: actor.name,
          action: 'publish',
          remote: name,
          from: null,
          to: null,
          outcome: error instanceof RegistryError && error.statusCode < 500 ? 'refused' : 'failed',
          detail: (error as Error).message,
        });
        throw error;
      }
      await store.audit({
        actor: actor.name,
        action: 'publish',
        remote: name,
        from: null,
        to: result.version,
        outcome: 'ok',
        detail: !result.created
          ? 'already published with the same files'
          : result.acceptedGrowth.length > 0
            ? `size growth past the budget (${describeBudget(context.sizeBudget)}) accepted by ${actor.name}: ${JSON.stringify(acceptSizeGrowth)}; first-load JavaScript (gzip): ${result.acceptedGrowth.map(describeGrowth).join('; ')}`
            : null,
      });
      const { acceptedGrowth: _accepted, ...published } = result;
      return reply.code(result.created ? 201 : 200).send(published);
    },
  );

  app.post(
    '/api/remotes/:name/activate',
    {
      schema: {
        params: RemoteParams,
        body: Type.Object({ version: Type.String(), canaryPercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) }),
        response: { 200: Type.Object({ revision: Revision, current: Type.Optional(Type.String()), canary: CanaryOrNone }), ...ErrorAnswers },
      },
      config: {
        refusals: {
          params: badRemoteName,
          body: (_request, issues) =>
            issues.some((issue) => issue.instancePath === '/canaryPercent') ? 'canaryPercent must be an integer from 1 to 99' : 'expected {"version": "..."}',
        },
      },
    },
    async (request) => {
      const actor = actorOf(request, tokens);
      const { name } = request.params;
      const { version, canaryPercent } = request.body;
      authorize(actor, name);
      checkRecordedVersion(
        name,
        (await store.read()).remotes[name]?.history.find((item) => item.version === version),
        await hostDeclarations(store),
      );
      const state = await activate(paths, name, version, { actor, ...(canaryPercent ? { canaryPercent } : {}) });
      return { revision: state.revision, current: state.remotes[name]?.current, canary: state.remotes[name]?.canary ?? null };
    },
  );

  app.post(
    '/api/remotes/:name/rollback',
    {
      schema: {
        params: RemoteParams,
        body: Type.Object({ to: Type.Optional(Type.String({ minLength: 1 })) }),
        response: { 200: Type.Object({ revision: Revision, current: Type.String() }), ...ErrorAnswers },
      },
      config: { refusals: { params: badRemoteName, body: () => 'expected {} or {"to": "<version>"}' } },
      // A rollback to the previous good version needs no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const actor = actorOf(request, tokens);
      const { version, state } = await rollback(paths, request.params.name, request.body.to, actor);
      return { revision: state.revision, current: version };
    },
  );

  // A version hosted elsewhere goes through the gate a publish does (the host allow-list first, then the release
  // itself): ownership, contracts, singletons, and the hashes the shells check.
  app.post(
    '/api/remotes/:name/register',
    {
      schema: {
        params: RemoteParams,
        body: Type.Object({ version: Type.String(), manifestUrl: Type.String() }),
        response: { 200: Type.Object({ revision: Revision, current: Type.Optional(Type.String()) }), ...ErrorAnswers },
      },
      config: { refusals: { params: badRemoteName, body: () => 'expected {"version": "...", "manifestUrl": "..."}' } },
    },
    async (request) => {
      const actor = actorOf(request, tokens);
      const { version, manifestUrl } = request.body;
      const { name } = request.params;
      authorize(actor, name);
      let release: ExternalRelease;
      try {
        release = await checkExternalRelease(name, version, manifestUrl, {
          policy: context.manifestHosts,
          hosts: await hostDeclarations(store),
          contractsVersion: CONTRACTS_VERSION,
        });
      } catch (error) {
        const refused = error instanceof GateRefusal;
        await store.audit({
          actor: actor.name,
          action: 'register',
          remote: name,
          from: null,
          to: version,
          outcome: refused ? 'refused' : 'failed',
          detail: (error as Error).message,
        });
        throw error;
      }
      const state = await registerExternal(paths, name, version, manifestUrl, actor, release);
      return { revision: state.revision, current: state.remotes[name]?.current };
    },
  );

  app.delete(
    '/api/remotes/:name',
    {
      schema: { params: RemoteParams, response: { 200: Type.Object({ revision: Revision }), ...ErrorAnswers } },
      config: { refusals: { params: badRemoteName } },
    },
    async (request) => {
      const actor = actorOf(request, tokens);
      return { revision: (await retire(paths, request.params.name, actor)).revision };
    },
  );

  app.post(
    '/api/sections/:section/transfer',
    {
      schema: {
        params: Type.Object({ section: ManifestSectionSchema.properties.name }),
        body: Type.Object({ to: Type.String({ pattern: REMOTE_NAME_PATTERN }) }),
        response: { 200: Type.Object({ revision: Revision }), ...ErrorAnswers },
      },
      config: { refusals: { body: () => 'expected {"to": "<remote>"}' } },
    },
    async (request) => {
      const actor = actorOf(request, tokens);
      return { revision: (await transferSection(paths, request.params.section, request.body.to, actor)).revision };
    },
  );

  app.get(
    '/api/audit',
    {
      schema: {
        querystring: Type.Object({ remote: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Type.Object({ entries: Type.Array(AuditEntrySchema) }), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      actorOf(request, tokens);
      noStore(reply);
      return { entries: await store.auditLog(500, request.query.remote) };
    },
  );
};
