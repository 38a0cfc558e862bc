import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CONTRACTS_VERSION, type RegistryDocument } from '@site/contracts';
import {
  activate,
  authorize,
  openStore,
  publishVersion,
  RegistryError,
  registerExternal,
  retire,
  rollback,
  transferSection,
  type Actor,
  type RegistryPaths,
} from './operations';
import type { DeployedVersion, RegistryState } from './state';
import { actorFor, FLEET_ACTOR, type TokenConfig } from './tokens';
import { fleetView, hostDeclarations, parseFleetReport } from './fleet';
import { CanaryJudge, type CanaryPolicy } from './canary';
import { registryMetrics } from './metrics';
import { installAuthGate } from './auth-gate';
import { checkExternalRelease, checkRecordedVersion, GateRefusal, manifestHostPolicy, type ExternalRelease, type ManifestHostPolicy } from './gates';

export interface RegistryServerOptions {
  /** The registry database and the static host's folder of published builds. */
  paths: RegistryPaths;
  /** Public URL of the static host's `/remotes/` folder, against which published manifest paths resolve. */
  remotesPublicUrl: string;
  tokens: TokenConfig;
  canary?: Partial<CanaryPolicy>;
  /** Where teams may register versions hosted elsewhere; by default only the registry's own static host. */
  manifestHosts?: ManifestHostPolicy;
  logger?: boolean;
  /** Whether the process is stopping (its readiness then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean };
}

/** How long readiness waits for the store before it calls the registry not ready. */
const READY_TIMEOUT_MS = 1000;

const REMOTE_NAME = /^[a-z][a-z0-9-]{1,31}$/;
/** Script and stylesheet hashes go to shells (browser integrity attributes); compressed copies do not. */
const INTEGRITY_FILE = /\.(?:js|css|json)$/;

function integrityOf(version: DeployedVersion): { serverEntrySha256?: string; files?: Record<string, string> } {
  if (!version.files) return {};
  const files = Object.fromEntries(Object.entries(version.files).filter(([name]) => INTEGRITY_FILE.test(name)));
  const server = version.files['server/remoteEntry.js'];
  return { ...(server ? { serverEntrySha256: server } : {}), files };
}

export function toRegistryDocument(state: RegistryState, remotesPublicUrl: string): RegistryDocument {
  const base = remotesPublicUrl.endsWith('/') ? remotesPublicUrl : `${remotesPublicUrl}/`;
  const urlOf = (version: DeployedVersion) => (/^https?:\/\//.test(version.manifest) ? version.manifest : new URL(version.manifest, base).toString());
  return {
    revision: state.revision,
    updatedAt: state.updatedAt,
    remotes: Object.entries(state.remotes)
      .map(([name, remote]) => {
        const current = remote.history.find((item) => item.version === remote.current);
        if (!current) return null;
        const canaryVersion = remote.canary ? remote.history.find((item) => item.version === remote.canary!.version) : undefined;
        return {
          name,
          version: current.version,
          manifestUrl: urlOf(current),
          deployedAt: current.deployedAt,
          ...integrityOf(current),
          ...(canaryVersion && remote.canary
            ? { canary: { version: canaryVersion.version, manifestUrl: urlOf(canaryVersion), percent: remote.canary.percent, ...integrityOf(canaryVersion) } }
            : {}),
        };
      })
      .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
      .sort((a, b) => a.name.localeCompare(b.name)),
    ...(state.owners && Object.keys(state.owners).length > 0 ? { owners: { ...state.owners } } : {}),
  };
}

/**
 * The registry: which version of each remote is live (`GET /registry.json`, what shells poll, with ETag) and the
 * publishing API under `/api/` (team tokens; a team acts only on its own remote, the platform team on every one).
 * Every change is audited; shells report to `/api/fleet` and a canary is judged on what they report.
 */
export function createRegistryServer(options: RegistryServerOptions): FastifyInstance & { canaryJudge: CanaryJudge } {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 128 * 1024 * 1024 });
  const store = openStore(options.paths);
  const manifestHosts = options.manifestHosts ?? manifestHostPolicy({}, options.remotesPublicUrl);
  const judge = new CanaryJudge(options.paths, options.canary ?? {}, (line) => app.log.info(line));

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error instanceof RegistryError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) app.log.error({ err: error }, 'registry request failed');
    void reply.code(status).send({ statusCode: status, message: error.message });
  });

  installAuthGate(app, options.tokens);

  app.get('/registry.json', async (request, reply) => {
    const state = await store.read();
    const etag = `"rev-${state.revision}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return toRegistryDocument(state, options.remotesPublicUrl);
  });

  app.get('/health', async () => ({ status: 'ok', revision: (await store.read()).revision, judge: judge.isLeader() ? 'leader' : 'standby' }));
  // Ready while it is not stopping and its store answers a read within a second: a registry that cannot read its
  // state would answer every shell's poll with an error, so the load balancer sends it nothing.
  app.get('/ready', async (_request, reply) => {
    noStore(reply);
    if (options.lifecycle?.draining) return reply.code(503).send({ status: 'stopping' });
    let timer: NodeJS.Timeout | undefined;
    try {
      const state = await Promise.race([
        store.read(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`the store did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready', revision: state.revision };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  });

  const actorOf = (request: FastifyRequest): Actor => {
    const actor = actorFor(request.headers.authorization, options.tokens);
    if (!actor) throw new RegistryError(401, 'a team token is required (Authorization: Bearer <token>)');
    return actor;
  };
  const remoteParam = (request: FastifyRequest<{ Params: { name: string } }>): string => {
    const { name } = request.params;
    if (!REMOTE_NAME.test(name)) throw new RegistryError(400, `${JSON.stringify(name)} is not a remote name`);
    return name;
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get<{ Params: { name: string } }>('/remotes/:name', async (request, reply) => {
    const remote = (await store.read()).remotes[remoteParam(request)];
    if (!remote) return reply.code(404).send({ statusCode: 404, message: `remote ${request.params.name} is not registered` });
    return remote;
  });

  app.get('/api/remotes', async (request, reply) => {
    actorOf(request);
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
  });

  app.get<{ Params: { name: string } }>('/api/remotes/:name', async (request, reply) => {
    actorOf(request);
    noStore(reply);
    const name = remoteParam(request);
    const remote = (await store.read()).remotes[name];
    if (!remote) throw new RegistryError(404, `remote ${name} is not registered`);
    return { name, current: remote.current, canary: remote.canary ?? null, versions: remote.history, audit: await store.auditLog(100, name) };
  });

  // A build's dist/ as {files: {"path": "<base64>"}}: one immutable version.
  app.post<{ Params: { name: string }; Body: { files?: Record<string, string> } }>('/api/remotes/:name/versions', async (request, reply) => {
    const actor = actorOf(request);
    const name = remoteParam(request);
    authorize(actor, name);
    const body = request.body?.files;
    if (!body || typeof body !== 'object') throw new RegistryError(400, 'expected {"files": {"<path>": "<base64>"}}');
    const files = new Map(Object.entries(body).map(([file, content]) => [file, Buffer.from(String(content), 'base64')]));
    let result: Awaited<ReturnType<typeof publishVersion>>;
    try {
      result = await publishVersion(options.paths, files, { actor, hosts: await hostDeclarations(store) });
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
      detail: result.created ? null : 'already published with the same files',
    });
    return reply.code(result.created ? 201 : 200).send(result);
  });

  app.post<{ Params: { name: string }; Body: { version?: string; canaryPercent?: number } }>('/api/remotes/:name/activate', async (request) => {
    const actor = actorOf(request);
    const name = remoteParam(request);
    const { version, canaryPercent } = request.body ?? {};
    if (typeof version !== 'string') throw new RegistryError(400, 'expected {"version": "..."}');
    if (canaryPercent !== undefined && (!Number.isInteger(canaryPercent) || canaryPercent < 1 || canaryPercent > 99))
      throw new RegistryError(400, 'canaryPercent must be an integer from 1 to 99');
    authorize(actor, name);
    checkRecordedVersion(
      name,
      (await store.read()).remotes[name]?.history.find((item) => item.version === version),
      await hostDeclarations(store),
    );
    const state = await activate(options.paths, name, version, { actor, ...(canaryPercent ? { canaryPercent } : {}) });
    return { revision: state.revision, current: state.remotes[name]?.current, canary: state.remotes[name]?.canary ?? null };
  });

  app.post<{ Params: { name: string }; Body: { to?: string } }>('/api/remotes/:name/rollback', async (request) => {
    const actor = actorOf(request);
    const { version, state } = await rollback(options.paths, remoteParam(request), request.body?.to, actor);
    return { revision: state.revision, current: version };
  });

  // A version hosted elsewhere goes through the gate a publish does (the host allow-list first, then the release
  // itself): ownership, contracts, singletons, and the hashes the shells check.
  app.post<{ Params: { name: string }; Body: { version?: string; manifestUrl?: string } }>('/api/remotes/:name/register', async (request) => {
    const actor = actorOf(request);
    const { version, manifestUrl } = request.body ?? {};
    if (typeof version !== 'string' || typeof manifestUrl !== 'string') throw new RegistryError(400, 'expected {"version": "...", "manifestUrl": "..."}');
    const name = remoteParam(request);
    authorize(actor, name);
    let release: ExternalRelease;
    try {
      release = await checkExternalRelease(name, version, manifestUrl, {
        policy: manifestHosts,
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
    const state = await registerExternal(options.paths, name, version, manifestUrl, actor, release);
    return { revision: state.revision, current: state.remotes[name]?.current };
  });

  app.delete<{ Params: { name: string } }>('/api/remotes/:name', async (request) => {
    const actor = actorOf(request);
    return { revision: (await retire(options.paths, remoteParam(request), actor)).revision };
  });

  app.post<{ Params: { section: string }; Body: { to?: string } }>('/api/sections/:section/transfer', async (request) => {
    const actor = actorOf(request);
    const to = request.body?.to;
    if (typeof to !== 'string' || !REMOTE_NAME.test(to)) throw new RegistryError(400, 'expected {"to": "<remote>"}');
    return { revision: (await transferSection(options.paths, request.params.section, to, actor)).revision };
  });

  app.get<{ Querystring: { remote?: string } }>('/api/audit', async (request, reply) => {
    actorOf(request);
    noStore(reply);
    return { entries: await store.auditLog(500, request.query.remote) };
  });

  app.post('/api/fleet/report', async (request, reply) => {
    const actor = actorOf(request);
    if (actor.name !== FLEET_ACTOR && actor.name !== 'platform') throw new RegistryError(403, 'only shells (the fleet token) report to the fleet');
    const report = parseFleetReport(request.body);
    await store.saveFleetReport(report.instance, report);
    return reply.code(204).send();
  });

  app.get('/api/fleet', async (request, reply) => {
    actorOf(request);
    noStore(reply);
    return fleetView(store, toRegistryDocument(await store.read(), options.remotesPublicUrl), judge);
  });

  // Prometheus scrapes with the platform team's token: fleet and canary figures are operators' business.
  app.get('/metrics', async (request, reply) => {
    const actor = actorOf(request);
    if (actor.name !== 'platform') throw new RegistryError(403, 'metrics are for the platform team');
    noStore(reply);
    reply.header('content-type', 'text/plain; version=0.0.4');
    return registryMetrics(store, toRegistryDocument(await store.read(), options.remotesPublicUrl), judge);
  });

  app.addHook('onReady', async () => judge.start());
  app.addHook('onClose', async () => judge.stop());
  return Object.assign(app, { canaryJudge: judge });
}
