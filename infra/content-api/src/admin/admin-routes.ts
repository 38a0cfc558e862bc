import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import {
  AlertSchema,
  CookiesNoticeSchema,
  FooterSchema,
  HeaderSchema,
  NotifySchema,
  PageSchema,
  RedirectSchema,
  SECTION_NAME_PATTERN,
  SectionDescriptorSchema,
  SettingsSchema,
  redirectTarget,
  validate,
  type Page,
  type Redirect,
} from '@site/contracts';
import { entityNamed } from '../content/entities';
import { deleteEntity, deletePage, readEntity, reindexEverything, saveEntity, savePage } from '../content/entity-store';
import { isPageSlug } from '../content/pages';
import { toNumber } from '../db/database';
import { HttpError, badRequest, notFound } from '../http/errors';
import { AdminAuthThrottle } from '../http/auth-throttle';
import { localeOf } from '../http/params';
import type { RouteContext } from '../routes/route-context';
import { registerIntakeReadRoutes } from './intake-routes';

const LAYOUT_SCHEMAS: Record<string, TSchema> = {
  header: HeaderSchema,
  footer: FooterSchema,
  alerts: Type.Array(AlertSchema),
  cookies: CookiesNoticeSchema,
  notify: NotifySchema,
};
const LAYOUT_KEY = /^[a-zA-Z][a-zA-Z0-9]{0,63}$/;
const RESERVED_INIT_KEYS = ['settings', 'colors', 'redirects', 'layoutComponents'];

function checked<T>(schema: TSchema, value: unknown, what: string): T {
  const result = validate(schema, value);
  if (!result.ok) throw badRequest(`${what} does not match its contract: ${result.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`);
  return result.value as T;
}

/** A page is valid when it matches the contract and every section names a section type and carries props. */
function checkedPage(value: unknown, slug: string): Page {
  const candidate = { ...(value as object), slug } as Page;
  const page = checked<Page>(PageSchema, candidate, 'The page');
  const sectionName = new RegExp(SECTION_NAME_PATTERN);
  page.components.forEach((component, index) => {
    checked(SectionDescriptorSchema, component, `Section ${index}`);
    if (!sectionName.test((component as { name: string }).name)) throw badRequest(`Section ${index} has an invalid name`);
  });
  return page;
}

function rawSlugOf(request: FastifyRequest): string {
  const tail = (request.params as { '*': string })['*'];
  const slug = tail.replace(/\/+$/, '');
  if (!isPageSlug(slug)) throw badRequest('The slug must be lowercase path segments of letters, digits and hyphens');
  return slug;
}

/**
 * The write API (`/admin/...`), registered only when CONTENT_ADMIN_TOKEN is set: pages, entities, settings
 * and layout components, each change re-indexed for search in the same transaction.
 */
export function registerAdminRoutes(app: FastifyInstance, { db, engine, config }: RouteContext): void {
  const token = config.adminToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);

  // Wrong tokens are counted per client address: guessing the token meets 429s with Retry-After after a few tries.
  // On PostgreSQL the count is shared by every replica, so that N replicas do not allow N times the guesses.
  const throttle = new AdminAuthThrottle(engine === 'postgres' ? db : undefined);
  app.addHook('onClose', async () => throttle.close());

  app.register(async (admin) => {
    admin.addHook('onRequest', async (request, reply) => {
      const wait = await throttle.retryAfterSeconds(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'Too many failed attempts: try again later');
      }
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        if (request.headers.authorization) await throttle.recordFailure(request.ip);
        throw new HttpError(401, 'Not Authorized');
      }
    });

    registerIntakeReadRoutes(admin, db);

    admin.put('/admin/:locale/pages/*', async (request) => {
      const locale = localeOf(request.params);
      const page = checkedPage(request.body, rawSlugOf(request));
      await savePage(db, locale, page);
      return { data: page };
    });

    admin.delete('/admin/:locale/pages/*', async (request, reply) => {
      if (!(await deletePage(db, localeOf(request.params), rawSlugOf(request)))) throw notFound();
      return reply.status(204).send();
    });

    admin.put('/admin/:locale/settings', async (request) => {
      const locale = localeOf(request.params);
      const settings = checked(SettingsSchema, request.body, 'The settings');
      await db('settings').where({ locale }).delete();
      await db('settings').insert({ locale, doc: JSON.stringify(settings) });
      return { data: settings };
    });

    admin.put('/admin/:locale/layout/:key', async (request) => {
      const locale = localeOf(request.params);
      const key = (request.params as { key: string }).key;
      if (!LAYOUT_KEY.test(key) || RESERVED_INIT_KEYS.includes(key)) throw badRequest(`"${key}" cannot be a layout component key`);
      const schema = LAYOUT_SCHEMAS[key];
      const doc = schema ? checked(schema, request.body, `The ${key} component`) : request.body;
      if (doc === undefined || doc === null) throw badRequest('The layout component must not be empty');
      await db.transaction(async (trx) => {
        const previous = (await trx('layout_components').select('sort').where({ locale, key }).first()) as { sort: number } | undefined;
        await trx('layout_components').where({ locale, key }).delete();
        await trx('layout_components').insert({ locale, key, sort: previous?.sort ?? 100, doc: JSON.stringify(doc) });
      });
      return { data: doc };
    });

    // A redirect must keep visitors on the site (as the browser parses its target) or send them to an allowed host.
    admin.put('/admin/redirects', async (request) => {
      const redirect = checked<Redirect>(RedirectSchema, request.body, 'The redirect');
      if (!redirectTarget(redirect.from, []) || !redirectTarget(redirect.to, config.redirectHosts)) {
        request.log.warn({ from: redirect.from, to: redirect.to }, 'redirect refused: its target leaves the site');
        throw badRequest('The redirect target must be a path on the site (one leading slash) or an https URL on an allowed host (REDIRECT_HOSTS)');
      }
      const row = { from_path: redirect.from, to_path: redirect.to, status: redirect.status ?? 301 };
      await db.transaction(async (trx) => {
        await trx('redirects').where({ from_path: row.from_path }).delete();
        await trx('redirects').insert(row);
      });
      return { data: { from: row.from_path, to: row.to_path, status: row.status } };
    });

    admin.delete('/admin/redirects', async (request, reply) => {
      const from = (request.query as { from?: unknown }).from;
      if (typeof from !== 'string' || !(await db('redirects').where({ from_path: from }).delete())) throw notFound();
      return reply.status(204).send();
    });

    admin.post('/admin/reindex', async () => {
      await reindexEverything(db);
      return { data: { reindexed: true } };
    });

    function entityOf(request: FastifyRequest) {
      const entity = entityNamed((request.params as { entity: string }).entity);
      if (!entity) throw notFound();
      return entity;
    }

    function idOf(request: FastifyRequest, idType: 'integer' | 'text'): string | number {
      const raw = (request.params as { id: string }).id;
      if (idType === 'integer') {
        if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw badRequest('The id must be a positive integer');
        return Number(raw);
      }
      if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(raw)) throw badRequest('The id must be lowercase letters, digits and hyphens');
      return raw;
    }

    admin.get('/admin/:locale/:entity/:id', async (request) => {
      const entity = entityOf(request);
      const record = await readEntity(db, entity, localeOf(request.params), idOf(request, entity.idType));
      if (!record) throw notFound();
      return { data: record };
    });

    admin.put('/admin/:locale/:entity/:id', async (request) => {
      const locale = localeOf(request.params);
      const entity = entityOf(request);
      const id = idOf(request, entity.idType);
      const record = checked<{ id: string | number }>(entity.schema, { ...(request.body as object), id }, `The ${entity.name} record`);
      await saveEntity(db, entity, locale, record);
      return { data: record };
    });

    admin.post('/admin/:locale/:entity', async (request, reply) => {
      const locale = localeOf(request.params);
      const entity = entityOf(request);
      const body = request.body as { id?: unknown } | undefined;
      let id = body?.id;
      if (entity.idType === 'integer' && id === undefined) {
        const row = (await db(entity.table).max({ max: 'id' }).first()) as { max: unknown } | undefined;
        id = toNumber(row?.max) + 1;
      }
      const record = checked<{ id: string | number }>(entity.schema, { ...(body as object), id }, `The ${entity.name} record`);
      if (await readEntity(db, entity, locale, record.id)) throw new HttpError(409, `A ${entity.name} record with id ${record.id} already exists`);
      await saveEntity(db, entity, locale, record);
      return reply.status(201).send({ data: record });
    });

    admin.delete('/admin/:locale/:entity/:id', async (request, reply) => {
      const entity = entityOf(request);
      if (!(await deleteEntity(db, entity, localeOf(request.params), idOf(request, entity.idType)))) throw notFound();
      return reply.status(204).send();
    });
  });
}
