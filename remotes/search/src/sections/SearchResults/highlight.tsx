import type { ReactNode } from 'react';

/** Marks the matched words in a text (case-insensitive, ё and е alike), for scanning results quickly. */
export function highlight(text: string, words: string[]): ReactNode[] {
  const usable = words.map((word) => word.trim()).filter((word) => word.length > 0);
  if (usable.length === 0) return [text];
  const fold = (value: string) => value.toLowerCase().replace(/ё/g, 'е');
  const escaped = usable.map((word) => fold(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'g');
  const folded = fold(text);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of folded.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<mark key={start}>{text.slice(start, start + match[0].length)}</mark>);
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
