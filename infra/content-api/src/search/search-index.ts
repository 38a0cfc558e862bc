import type { Knex } from 'knex';
import type { Locale } from '@site/contracts';
import type { SearchKind } from '@site/contracts/search';
import { insertInBatches } from '../db/database';
import { analyseText, excerptOf } from './text-analysis';

/** What an entity contributes to search: one document per entity and locale. */
export interface SearchDocument {
  /** `<kind>:<id>`, unique per locale. */
  key: string;
  kind: SearchKind;
  category: string;
  title: string;
  /** Plain text or HTML; HTML is stripped before analysis. */
  body: string;
  href: string;
  date?: string | undefined;
}

/** A title word counts as much as this many body words. */
const TITLE_WEIGHT = 3;
const MAX_FORMS_LENGTH = 1000;

type Executor = Knex | Knex.Transaction;

interface IndexRows {
  document: Record<string, unknown>;
  terms: Record<string, unknown>[];
}

function rowsOf(locale: Locale, document: SearchDocument): IndexRows {
  const weights = new Map<string, { weight: number; forms: Set<string> }>();
  let length = 0;
  const add = (text: string, weight: number) => {
    for (const word of analyseText(text)) {
      length += weight;
      const entry = weights.get(word.term) ?? { weight: 0, forms: new Set<string>() };
      entry.weight += weight;
      entry.forms.add(word.surface);
      weights.set(word.term, entry);
    }
  };
  add(document.title, TITLE_WEIGHT);
  add(document.body, 1);
  const terms = [...weights.entries()]
    .filter(([term]) => term.length <= 128)
    .map(([term, entry]) => ({
      locale,
      term,
      doc_key: document.key,
      weight: entry.weight,
      forms: [...entry.forms].join(' ').slice(0, MAX_FORMS_LENGTH),
    }));
  return {
    document: {
      locale,
      doc_key: document.key,
      kind: document.kind,
      category: document.category,
      title: document.title.slice(0, 512),
      excerpt: excerptOf(document.body),
      href: document.href,
      date: document.date ?? null,
      length: Math.max(length, 1),
    },
    terms,
  };
}

export async function removeSearchDocument(db: Executor, locale: Locale, key: string): Promise<void> {
  await db('search_terms').where({ locale, doc_key: key }).delete();
  await db('search_documents').where({ locale, doc_key: key }).delete();
}

/** Re-indexes one document (called by the write API inside the same transaction as the change). */
export async function replaceSearchDocument(db: Executor, locale: Locale, document: SearchDocument): Promise<void> {
  await removeSearchDocument(db, locale, document.key);
  const rows = rowsOf(locale, document);
  await db('search_documents').insert(rows.document);
  await insertInBatches(db, 'search_terms', rows.terms);
}

/** Rebuilds the whole index from the given documents (seed, import). */
export async function rebuildSearchIndex(db: Executor, documents: { locale: Locale; document: SearchDocument }[]): Promise<void> {
  await db('search_terms').delete();
  await db('search_documents').delete();
  const documentRows: Record<string, unknown>[] = [];
  const termRows: Record<string, unknown>[] = [];
  for (const { locale, document } of documents) {
    const rows = rowsOf(locale, document);
    documentRows.push(rows.document);
    termRows.push(...rows.terms);
  }
  await insertInBatches(db, 'search_documents', documentRows);
  await insertInBatches(db, 'search_terms', termRows, 500);
}
