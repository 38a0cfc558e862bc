import { LOCALES } from '@site/contracts';
import { eventsSeed } from './events-seed';
import { layoutSeed } from './layout-seed';
import { newsSeed } from './news-seed';
import { pagesSeed } from './pages-seed';

const REFERENCE_DATE = '2026-11-20';

/** Every text a visitor may read in the seeded content, per locale. */
function seededTexts(): string[] {
  const texts: string[] = [];
  for (const pair of [...newsSeed(REFERENCE_DATE), ...eventsSeed(REFERENCE_DATE)]) {
    for (const locale of LOCALES) {
      const record = pair[locale] as { title: string; lead?: string; body: string };
      texts.push(record.title, record.lead ?? '', record.body);
    }
  }
  for (const locale of LOCALES) texts.push(JSON.stringify(pagesSeed(locale)), JSON.stringify(layoutSeed(REFERENCE_DATE)[locale]));
  return texts;
}

describe('the seeded texts', () => {
  it('never repeat a word back to back ("joint climate research research")', () => {
    const repeats = seededTexts().flatMap((text) => [...text.matchAll(/(?<![\p{L}-])([\p{L}]{3,})\s+\1(?![\p{L}])/giu)].map((match) => match[0]));
    expect(repeats).toEqual([]);
  });

  it('say "Сделано в Студии цифровых проектов" in the footer, the name in the case the preposition asks for', () => {
    const footer = new Map(layoutSeed(REFERENCE_DATE).ru).get('footer') as { info: { text?: string; label?: string }[] };
    const madeAt = footer.info.find((entry) => entry.text === 'Сделано в');
    expect(`${madeAt?.text} ${madeAt?.label}`).toBe('Сделано в Студии цифровых проектов');
  });

  it('give every news item and event its own last change, not after the reference day and not before publication', () => {
    const news = newsSeed(REFERENCE_DATE).map((pair) => pair.ru);
    const events = eventsSeed(REFERENCE_DATE).map((pair) => pair.ru);
    for (const item of news) {
      expect(Date.parse(item.updatedAt!)).toBeGreaterThanOrEqual(Math.min(Date.parse(item.date), Date.parse(`${REFERENCE_DATE}T23:59:59+03:00`)));
      expect(Date.parse(item.updatedAt!)).toBeLessThanOrEqual(Date.parse(`${REFERENCE_DATE}T23:59:59+03:00`));
    }
    expect(new Set(news.map((item) => item.updatedAt)).size).toBeGreaterThan(news.length / 2);
    expect(new Set(events.map((item) => item.updatedAt)).size).toBeGreaterThan(events.length / 2);
  });
});
