import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Knex } from 'knex';
import { UPLOAD_MAX_TOTAL_BYTES } from '@site/contracts/forms';
import type { ContentApiConfig } from './config';
import { openDatabase, type Engine } from './db/database';
import { migrateToLatest } from './db/migrations';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerFormRoutes } from './forms/form-routes';
import { installCaching } from './http/caching';
import { installBodyRateLimit } from './http/body-rate';
import { installErrorHandling } from './http/errors';
import { registerMediaRoutes } from './media/media-routes';
import { registerDocumentRoutes } from './media/document-routes';
import { registerVideoRoutes } from './media/video-routes';
import { registerListRoutes } from './routes/list-routes';
import { registerSiteRoutes } from './routes/site-routes';
import { registerReadiness } from './routes/readiness';
import { registerSitemapRoutes } from './routes/sitemap-routes';
import { seedIfEmpty } from './seed/seed';
import { registerRevisionRoutes } from './content/revision';
import { registerSvedenRoutes } from './content/sveden';

export interface ContentApi {
  app: FastifyInstance;
  db: Knex;
  engine: Engine;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
  /** Closes the database pool or SQLite handle only (after the server has stopped). */
  closeDatabase(): Promise<void>;
}

interface ContentApiOptions {
  /** Whether the process is stopping (its readiness then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean };
}

const CLOSE_GRACE_MS = 3000;

/** The multipart parser's own per-request limits; our intake enforces the 50 MB total while streaming. */
const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_TOTAL_BYTES + 1, files: 10, fields: 40, fieldSize: 20_000, parts: 60 };

/**
 * Builds the content API: opens the database (SQLite file or PostgreSQL), migrates it, seeds it when empty
 * and registers every route. The caller listens (main.ts, the orchestrator) or injects (tests).
 */
export async function createContentApi(config: ContentApiConfig, options: ContentApiOptions = {}): Promise<ContentApi> {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Behind the shell's same-origin proxy the client address comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // No total time for a request: bodies are bounded by their byte rate (installBodyRateLimit), so a 50 MB
    // upload on a slow but live line finishes while a stalled one is cut within one window.
    requestTimeout: 0,
    routerOptions: { maxParamLength: 1000, ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });
  installErrorHandling(app);
  installBodyRateLimit(app, { windowMs: config.uploadIdleTimeoutMs, minBytesPerSecond: config.uploadMinBytesPerSecond });
  installCaching(app, config.cacheMaxAgeSeconds);
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  const context = { db: database.db, engine: database.engine, config };
  registerRevisionRoutes(app, context);
  registerSiteRoutes(app, context);
  registerReadiness(app, database.db, options.lifecycle);
  registerListRoutes(app, context);
  registerSitemapRoutes(app, context);
  registerSvedenRoutes(app, context);
  registerMediaRoutes(app, context);
  registerDocumentRoutes(app);
  registerVideoRoutes(app, context);
  await registerFormRoutes(app, context);
  registerAdminRoutes(app, context);

  if (!config.captcha.enabled) app.log.warn('captcha verification is DISABLED (CAPTCHA_DISABLED=true): use this only for local work');
  if (!config.adminToken) app.log.info('write API disabled: CONTENT_ADMIN_TOKEN is not set');

  return {
    app,
    db: database.db,
    engine: database.engine,
    async close() {
      // Graceful first; a client that keeps a request open (a stalled upload) must not hold the shutdown forever.
      const forceClose = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(forceClose);
      }
      await database.close();
    },
    closeDatabase: () => database.close(),
  };
}
