import type { NewsItem } from '@site/contracts/news';

/** News newest first by date, whatever order the backend used; ties keep the higher id first. */
export function newestFirst<T extends Pick<NewsItem, 'date' | 'id'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => timeOf(b.date) - timeOf(a.date) || String(b.id).localeCompare(String(a.id), 'en', { numeric: true }));
}

function timeOf(date: string): number {
  const time = Date.parse(date);
  return Number.isNaN(time) ? 0 : time;
}
