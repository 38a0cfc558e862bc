import type { Knex } from 'knex';
import type { Locale, Page } from '@site/contracts';
import { readEventDetails } from '../content/events';
import { readNewsArticle } from '../content/news';

const LATEST_TITLE: Record<Locale, string> = { ru: 'Другие новости', en: 'More news' };
const UPCOMING_TITLE: Record<Locale, string> = { ru: 'Другие события', en: 'More events' };

/**
 * News articles (`news/{id}`) and events (`events/{id}`) have no page rows of their own: their page is made
 * from the entity, with the section that shows it and a related list.
 */
export async function synthesizePage(db: Knex, locale: Locale, slug: string): Promise<Page | null> {
  const newsMatch = /^news\/([1-9][0-9]{0,9})$/.exec(slug);
  if (newsMatch) {
    const id = Number(newsMatch[1]);
    const article = await readNewsArticle(db, locale, id);
    if (!article) return null;
    return {
      slug,
      title: article.title,
      seo: {
        title: article.title,
        ...(article.lead ? { description: article.lead } : {}),
        type: 'article',
        ...(article.image ? { image: article.image.url } : {}),
      },
      components: [
        { id: `news-article-${id}`, name: 'NewsArticle', props: { id } },
        {
          id: 'news-latest',
          name: 'NewsLatest',
          lazy: true,
          theme: 'grey',
          props: { type: article.type === 'Media' ? 'Media' : 'News', limit: 4, title: LATEST_TITLE[locale] },
        },
      ],
    };
  }
  const eventMatch = /^events\/([1-9][0-9]{0,9})$/.exec(slug);
  if (eventMatch) {
    const id = Number(eventMatch[1]);
    const event = await readEventDetails(db, locale, id);
    if (!event) return null;
    return {
      slug,
      title: event.title,
      seo: { title: event.title, ...(event.lead ? { description: event.lead } : {}), type: 'event', ...(event.image ? { image: event.image.url } : {}) },
      components: [
        { id: `event-details-${id}`, name: 'EventDetails', props: { id } },
        { id: 'events-upcoming', name: 'EventsUpcoming', lazy: true, title: UPCOMING_TITLE[locale], props: { limit: 3 } },
      ],
    };
  }
  return null;
}
