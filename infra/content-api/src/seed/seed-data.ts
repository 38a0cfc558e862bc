import fs from 'node:fs';
import path from 'node:path';
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Locale } from '@site/contracts';

/**
 * The seed's literal content lives in JSON files under `data/` beside this module (the build copies the folder next
 * to the compiled seeder). Each file is checked against its TypeBox schema when it is read: a malformed file stops the
 * seed with the file's path and the field at fault, so a typo never reaches the database.
 */
export const SEED_DATA_DIR = path.join(__dirname, 'data');

/** How many schema errors a failure lists: the first ones locate the fault, the rest are usually its echoes. */
const ERRORS_SHOWN = 3;

/** Reads and checks one data file; `dir` is the data folder (tests point it at a folder of their own). */
export function readSeedData<T extends TSchema>(file: string, schema: T, dir: string = SEED_DATA_DIR): Static<T> {
  const where = path.join(dir, file);
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(where, 'utf8'));
  } catch (error) {
    throw new Error(`seed data file ${where} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (Value.Check(schema, value)) return value;
  const errors = [...Value.Errors(schema, value)].slice(0, ERRORS_SHOWN);
  const details = errors.map((error) => `field ${error.path || '/'}: ${error.message}`).join('; ');
  throw new Error(`seed data file ${where} is malformed: ${details}`);
}

/** An object of a data file: a key the schema does not name is a typo and fails the seed. */
export const Strict = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

/** A text of a data file in both languages. */
export const BilingualSchema = Strict({ ru: Type.String(), en: Type.String() });

/** A text that is the same in both languages, or a `{ ru, en }` pair where they differ. */
export const TextSchema = Type.Union([Type.String(), BilingualSchema]);
export type Text = Static<typeof TextSchema>;

function isBilingual(value: object): value is { ru: string; en: string } {
  const keys = Object.keys(value);
  return keys.length === 2 && 'ru' in value && 'en' in value && typeof value.ru === 'string' && typeof value.en === 'string';
}

/** One locale's text of a `Text`. */
export function textIn(text: Text, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale];
}

/**
 * A data file's value as one locale sees it: every `{ ru, en }` pair becomes that locale's string, everything else is
 * kept as it is (numbers, flags, lists, nested objects).
 */
export function localize(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((item) => localize(item, locale));
  if (value === null || typeof value !== 'object') return value;
  if (isBilingual(value)) return value[locale];
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item, locale)]));
}
