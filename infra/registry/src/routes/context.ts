import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { CanaryJudge } from '../canary';
import type { ManifestHostPolicy } from '../gates';
import type { RegistryMetrics } from '../metrics';
import { RegistryError, type Actor, type RegistryPaths } from '../operations';
import type { SizeBudget } from '../size-budget';
import type { RegistryStore } from '../state';
import { actorFor, type TokenConfig } from '../tokens';

/** What every route plugin of one registry server shares: its store, judge, metrics and settings. */
export interface RegistryContext {
  paths: RegistryPaths;
  store: RegistryStore;
  judge: CanaryJudge;
  metrics: RegistryMetrics;
  tokens: TokenConfig;
  remotesPublicUrl: string;
  manifestHosts: ManifestHostPolicy;
  /** How much a publish may grow a section's first-load JavaScript against the live version. */
  sizeBudget: SizeBudget;
  /** Whether the process is stopping (its readiness then answers 503). */
  lifecycle?: { readonly draining: boolean };
}

type InputPart = 'params' | 'querystring' | 'body';

/** The message a caller gets when a part of its request fails the route's schema; undefined keeps the schema's own. */
type Refusal = (request: FastifyRequest, issues: FastifySchemaValidationError[]) => string | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per request part, the refusal the registry's callers (the CLI, the shells) have always been given. */
    refusals?: Partial<Record<InputPart, Refusal>>;
  }
}

/** A remote name as the registry accepts it in paths and bodies. */
export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9-]{1,31}$';

/** The refusal of a `:name` path parameter that is no remote name. */
export const badRemoteName: Refusal = (request) => `${JSON.stringify((request.params as { name?: unknown }).name)} is not a remote name`;

/** The team or platform actor of a request (the auth gate already refused requests without a valid token). */
export function actorOf(request: FastifyRequest, tokens: TokenConfig): Actor {
  const actor = actorFor(request.headers.authorization, tokens);
  if (!actor) throw new RegistryError(401, 'a team token is required (Authorization: Bearer <token>)');
  return actor;
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Every refusal leaves as `{statusCode, message}`: a RegistryError with its own status, a request that fails its
 * route's schema as 400 with the route's refusal (or the schema's message), anything else as 500 with its cause logged.
 */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof RegistryError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'registry request failed');
    const part = error.validationContext;
    const refusal = error.validation && part && part !== 'headers' ? request.routeOptions.config.refusals?.[part]?.(request, error.validation) : undefined;
    void reply.code(status).send({ statusCode: status, message: refusal ?? error.message });
  });
}
