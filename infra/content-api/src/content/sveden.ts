import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import {
  SVEDEN_ORDER,
  SVEDEN_SUBSECTIONS,
  SvedenIndexResponseSchema,
  SvedenSubsectionResponseSchema,
  type SvedenSubsection,
  type SvedenSubsectionId,
} from '@site/contracts/education';
import { type Locale } from '@site/contracts';
import { parseJson } from '../db/database';
import { notFound } from '../http/errors';
import { localeOf } from '../http/params';
import type { RouteContext } from '../routes/route-context';

/**
 * "Сведения об образовательной организации" (Rosobrnadzor order No. 1493 of 04.08.2023): one row per subsection
 * and locale, the whole subsection (its blocks with their `itemprop` names) as JSON in `doc`.
 */
const TABLE = 'sveden_subsections';

export async function createSvedenTable(db: Knex): Promise<void> {
  await db.schema.createTable(TABLE, (table) => {
    table.string('locale', 8).notNullable();
    table.string('id', 32).notNullable();
    table.integer('sort').notNullable().defaultTo(0);
    table.text('doc').notNullable();
    table.primary(['locale', 'id']);
  });
}

export async function dropSvedenTable(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists(TABLE);
}

/** The table row of one subsection; `sort` is its place in the order's list. */
export function svedenRow(locale: Locale, subsection: SvedenSubsection): Record<string, string | number> {
  return { locale, id: subsection.id, sort: SVEDEN_SUBSECTIONS.indexOf(subsection.id), doc: JSON.stringify(subsection) };
}

async function listSvedenSubsections(db: Knex, locale: Locale): Promise<SvedenSubsection[]> {
  const rows = (await db(TABLE).select('doc').where({ locale }).orderBy(['sort', 'id'])) as { doc: string }[];
  return rows.map((row) => parseJson<SvedenSubsection | null>(row.doc, null)).filter((entry): entry is SvedenSubsection => entry !== null);
}

async function readSvedenSubsection(db: Knex, locale: Locale, id: SvedenSubsectionId): Promise<SvedenSubsection | null> {
  const row = (await db(TABLE).select('doc').where({ locale, id }).first()) as { doc: string } | undefined;
  return row ? parseJson<SvedenSubsection | null>(row.doc, null) : null;
}

const isSubsectionId = (value: string): value is SvedenSubsectionId => (SVEDEN_SUBSECTIONS as readonly string[]).includes(value);

/** `GET /{locale}/sveden` (the subsections' list) and `GET /{locale}/sveden/{id}` (one subsection; 404 for any other id). */
export function registerSvedenRoutes(app: FastifyInstance, { db }: RouteContext): void {
  app.get(
    '/:locale/sveden',
    { schema: { params: Type.Object({ locale: Type.String({ maxLength: 16 }) }), response: { 200: SvedenIndexResponseSchema } } },
    async (request) => {
      const subsections = await listSvedenSubsections(db, localeOf(request.params));
      return { data: { order: SVEDEN_ORDER, items: subsections.map(({ id, title, updatedAt }) => ({ id, title, updatedAt })) } };
    },
  );

  app.get(
    '/:locale/sveden/:id',
    {
      schema: {
        params: Type.Object({ locale: Type.String({ maxLength: 16 }), id: Type.String() }),
        response: { 200: SvedenSubsectionResponseSchema },
      },
    },
    async (request) => {
      const locale = localeOf(request.params);
      const { id } = request.params as { id: string };
      if (!isSubsectionId(id)) throw notFound();
      const subsection = await readSvedenSubsection(db, locale, id);
      if (!subsection) throw notFound();
      return { data: subsection };
    },
  );
}
