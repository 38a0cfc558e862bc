import { Type } from '@sinclair/typebox';
import { isLocale, type Locale } from '@site/contracts';
import { notFound } from './errors';

/** Only ru and en exist; any other locale is a missing page. */
export function localeOf(params: unknown): Locale {
  const value = (params as { locale?: unknown }).locale;
  if (!isLocale(value)) throw notFound();
  return value;
}

export const LocaleParamsSchema = Type.Object({ locale: Type.String({ maxLength: 16 }) });

const MAX_PAGE_SIZE = 100;

/** Pagination parameters every list accepts; unknown parameters (the clients' timestamp) are ignored. */
export const PaginationQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
};

/** A comma list of ids (`categories=a,b`), as the shell's client serialises arrays. */
export const IdListQuery = Type.String({ pattern: '^[a-z0-9-]+(,[a-z0-9-]+)*$', maxLength: 512 });

export function idList(value: string | undefined): string[] {
  return value ? [...new Set(value.split(',').filter(Boolean))] : [];
}

export const IsoDayQuery = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** Escapes LIKE wildcards in a user's text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
