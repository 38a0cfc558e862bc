import type { Knex } from 'knex';
import type { Locale } from '@site/contracts';
import type { SearchKind, SearchResult } from '@site/contracts/search';
import { toNumber } from '../db/database';
import { queryTerms } from './text-analysis';

export interface SearchRequest {
  locale: Locale;
  query: string;
  category?: string | undefined;
  page: number;
  pageSize: number;
}

export interface SearchOutcome {
  total: number;
  results: SearchResult[];
  categoryCounts: Record<string, number>;
}

// BM25 parameters (the usual defaults).
const K1 = 1.2;
const B = 0.75;
const SLICE = 400;

interface TermRow {
  term: string;
  doc_key: string;
  weight: number | string;
  forms: string;
}

interface DocumentRow {
  doc_key: string;
  kind: string;
  category: string;
  title: string;
  excerpt: string;
  href: string;
  date: string | null;
  length: number | string;
}

async function rowsInSlices<T>(keys: string[], load: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < keys.length; start += SLICE) rows.push(...(await load(keys.slice(start, start + SLICE))));
  return rows;
}

/**
 * Every document that contains all query terms (after stemming), ranked by BM25 over our own index, so that
 * SQLite and PostgreSQL rank identically. Ties go to the newer document, then to the key.
 */
export async function searchContent(db: Knex, request: SearchRequest): Promise<SearchOutcome> {
  const terms = queryTerms(request.query);
  if (terms.length === 0) return { total: 0, results: [], categoryCounts: {} };

  const termRows = (await db('search_terms').select('term', 'doc_key', 'weight', 'forms').where('locale', request.locale).whereIn('term', terms)) as TermRow[];

  const documentFrequency = new Map<string, number>();
  const hitsByDocument = new Map<string, TermRow[]>();
  for (const row of termRows) {
    documentFrequency.set(row.term, (documentFrequency.get(row.term) ?? 0) + 1);
    const hits = hitsByDocument.get(row.doc_key) ?? [];
    hits.push(row);
    hitsByDocument.set(row.doc_key, hits);
  }
  const matchingKeys = [...hitsByDocument.entries()].filter(([, hits]) => hits.length === terms.length).map(([key]) => key);
  if (matchingKeys.length === 0) return { total: 0, results: [], categoryCounts: {} };

  const stats = (await db('search_documents').where('locale', request.locale).count({ count: '*' }).avg({ average: 'length' }).first()) as
    { count: unknown; average: unknown } | undefined;
  const documentCount = toNumber(stats?.count);
  const averageLength = toNumber(stats?.average) || 1;

  const documents = await rowsInSlices(
    matchingKeys,
    (slice) => db('search_documents').select('*').where('locale', request.locale).whereIn('doc_key', slice) as Promise<DocumentRow[]>,
  );

  const categoryCounts: Record<string, number> = {};
  const ranked: SearchResult[] = [];
  for (const document of documents) {
    categoryCounts[document.category] = (categoryCounts[document.category] ?? 0) + 1;
    if (request.category && document.category !== request.category) continue;
    const hits = hitsByDocument.get(document.doc_key) ?? [];
    const lengthNorm = 1 - B + (B * toNumber(document.length)) / averageLength;
    let score = 0;
    const matchedWords = new Set<string>();
    for (const hit of hits) {
      const frequency = documentFrequency.get(hit.term) ?? 1;
      const idf = Math.log(1 + (documentCount - frequency + 0.5) / (frequency + 0.5));
      const weight = toNumber(hit.weight);
      score += (idf * (weight * (K1 + 1))) / (weight + K1 * lengthNorm);
      for (const form of hit.forms.split(' ')) if (form) matchedWords.add(form);
    }
    ranked.push({
      id: document.doc_key,
      kind: document.kind as SearchKind,
      category: document.category,
      title: document.title,
      excerpt: document.excerpt,
      href: document.href,
      ...(document.date ? { date: document.date } : {}),
      matchedWords: [...matchedWords],
      score: Math.round(score * 10_000) / 10_000,
    });
  }
  ranked.sort((a, b) => b.score - a.score || (b.date ?? '').localeCompare(a.date ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const offset = (request.page - 1) * request.pageSize;
  return { total: ranked.length, results: ranked.slice(offset, offset + request.pageSize), categoryCounts };
}
