import { newStemmer } from 'snowball-stemmers';

const russianStemmer = newStemmer('russian');
const englishStemmer = newStemmer('english');

/** Words shorter than this carry no meaning of their own for search (prepositions, articles). */
const MIN_WORD_LENGTH = 2;
const MAX_WORD_LENGTH = 64;

const STOP_WORDS = new Set([
  // Russian function words
  'и',
  'в',
  'во',
  'не',
  'на',
  'с',
  'со',
  'по',
  'к',
  'ко',
  'о',
  'об',
  'от',
  'до',
  'за',
  'из',
  'у',
  'для',
  'при',
  'что',
  'как',
  'а',
  'но',
  'или',
  'же',
  'бы',
  'ли',
  'это',
  'то',
  'так',
  'его',
  'ее',
  'их',
  'мы',
  'вы',
  'он',
  'она',
  // English function words
  'the',
  'a',
  'an',
  'and',
  'or',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'by',
  'with',
  'from',
  'is',
  'are',
  'was',
  'be',
  'as',
  'it',
  'its',
  'this',
  'that',
  'our',
  'we',
  'you',
]);

/** Lower case and ё folded to е: the spelling every comparison uses, so that "ёлка" and "елка" match. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** The words of a text in their original spelling (letters and digits; hyphenated words split). */
function splitWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Stems of words already seen: a site's vocabulary is small and stemming is the costly step of indexing. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

/** Cyrillic words go through the Russian Snowball stemmer, the rest through the English one. */
export function stemWord(foldedWord: string): string {
  const cached = stemCache.get(foldedWord);
  if (cached !== undefined) return cached;
  const stem = /[а-я]/.test(foldedWord) ? russianStemmer.stem(foldedWord) : /^[a-z]+$/.test(foldedWord) ? englishStemmer.stem(foldedWord) : foldedWord;
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(foldedWord, stem);
  return stem;
}

export interface AnalysedWord {
  /** The word as written in the document. */
  surface: string;
  term: string;
}

/** Splits, folds, drops stop words and stems: the same analysis for documents and queries. */
export function analyseText(text: string): AnalysedWord[] {
  const words: AnalysedWord[] = [];
  for (const surface of splitWords(stripHtml(text))) {
    const folded = foldText(surface);
    if (folded.length < MIN_WORD_LENGTH || folded.length > MAX_WORD_LENGTH || STOP_WORDS.has(folded)) continue;
    words.push({ surface, term: stemWord(folded) });
  }
  return words;
}

/** Query terms, each once, in query order. */
export function queryTerms(query: string): string[] {
  return [...new Set(analyseText(query).map((word) => word.term))];
}

export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&laquo;|&raquo;/g, '"')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A plain-text excerpt of at most `length` characters, cut at a word boundary. */
export function excerptOf(text: string, length = 200): string {
  const plain = stripHtml(text);
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trim()}…`;
}
