import Fastify, { type FastifyInstance } from 'fastify';
import { openStore, type RegistryPaths } from './operations';
import type { TokenConfig } from './tokens';
import { CanaryJudge, type CanaryPolicyInput } from './canary';
import { RegistryMetrics } from './metrics';
import { installAuthGate } from './auth-gate';
import { manifestHostPolicy, type ManifestHostPolicy } from './gates';
import { answerErrors, type RegistryContext } from './routes/context';
import { sharedSchemaCompilers } from './routes/compilers';
import { catalogRoutes } from './routes/catalog';
import { publishingRoutes } from './routes/publishing';
import { fleetRoutes } from './routes/fleet';
import { previewRoutes } from './routes/previews';
import { DEFAULT_SIZE_BUDGET, type SizeBudget } from './size-budget';

export interface RegistryServerOptions {
  /** The registry database and the static host's folder of published builds. */
  paths: RegistryPaths;
  /** Public URL of the static host's `/remotes/` folder, against which published manifest paths resolve. */
  remotesPublicUrl: string;
  tokens: TokenConfig;
  canary?: CanaryPolicyInput;
  /** Where teams may register versions hosted elsewhere; by default only the registry's own static host. */
  manifestHosts?: ManifestHostPolicy;
  /** The size budget of a publish (default: refuse more than 5 KB and more than 10 % more first-load JavaScript). */
  sizeBudget?: Partial<SizeBudget>;
  logger?: boolean;
  /** Whether the process is stopping (its readiness then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean };
}

/**
 * The registry: which version of each remote is live (`GET /registry.json`, what shells poll, with ETag) and the
 * publishing API under `/api/` (team tokens; a team acts only on its own remote, the platform team on every one).
 * Every change is audited; shells report to `/api/fleet` and a canary is judged on what they report.
 */
export function createRegistryServer(options: RegistryServerOptions): FastifyInstance & { canaryJudge: CanaryJudge } {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 128 * 1024 * 1024,
    // Bodies are checked against the routes' schemas as sent: a string is no number and null no string.
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: sharedSchemaCompilers,
  });
  const judge = new CanaryJudge(options.paths, options.canary ?? {}, (line) => app.log.info(line));
  const context: RegistryContext = {
    paths: options.paths,
    store: openStore(options.paths),
    judge,
    metrics: new RegistryMetrics(),
    tokens: options.tokens,
    remotesPublicUrl: options.remotesPublicUrl,
    manifestHosts: options.manifestHosts ?? manifestHostPolicy({}, options.remotesPublicUrl),
    sizeBudget: { ...DEFAULT_SIZE_BUDGET, ...options.sizeBudget },
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
  };

  answerErrors(app);
  installAuthGate(app, options.tokens);
  void app.register(catalogRoutes, context);
  void app.register(publishingRoutes, context);
  void app.register(fleetRoutes, context);
  void app.register(previewRoutes, context);

  app.addHook('onReady', async () => judge.start());
  app.addHook('onClose', async () => judge.stop());
  return Object.assign(app, { canaryJudge: judge });
}
