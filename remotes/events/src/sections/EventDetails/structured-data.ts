import type { EventDetails } from '@site/contracts/events';
import type { StructuredData } from '@site/ui';
import type { ApplicationTarget } from './application';

export interface EventPageUrls {
  /** The event page's absolute URL. */
  page: string;
  /** An absolute URL for a site path or media path (images, the application form). */
  absolute(source: string): string;
}

/** A price as the seed and editors write it ("1 500 ₽", "RUB 1,500"): the amount and its ISO 4217 currency. */
function parsePrice(text: string | undefined): { price: string; priceCurrency: string } | null {
  if (!text) return null;
  const amount = text.replace(/[\s\u00a0,]/g, '').match(/\d+(\.\d+)?/);
  if (!amount) return null;
  const currency = /₽|руб|RUB/i.test(text) ? 'RUB' : /€|EUR/i.test(text) ? 'EUR' : /\$|USD/i.test(text) ? 'USD' : 'RUB';
  return { price: amount[0], priceCurrency: currency };
}

/**
 * schema.org `Event` for search engines' event results: name, start and end (with the campus's UTC offset), the
 * venue (the room and the building's postal address), status, image, organiser, and how to take part (the price and the registration or application address).
 */
export function eventStructuredData(event: EventDetails, application: ApplicationTarget | null, urls: EventPageUrls): StructuredData {
  const price = event.isPaid ? parsePrice(event.price) : { price: '0', priceCurrency: 'RUB' };
  const offerUrl = application ? urls.absolute(application.href) : urls.page;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    url: urls.page,
    startDate: event.startsAt,
    ...(event.endsAt ? { endDate: event.endsAt } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    // The room is the place's name; its address is the postal address of the building (never the room again).
    ...(event.place || event.address
      ? {
          location: {
            '@type': 'Place',
            ...(event.place ? { name: event.place } : {}),
            ...(event.address ? { address: { '@type': 'PostalAddress', ...event.address } } : {}),
          },
        }
      : {}),
    ...(event.image ? { image: [urls.absolute(event.image.url)] } : {}),
    ...(event.lead ? { description: event.lead } : {}),
    ...(event.organizer ? { organizer: { '@type': 'Organization', name: event.organizer } } : {}),
    ...(price
      ? { offers: { '@type': 'Offer', url: offerUrl, ...price, ...(application ? { availability: 'https://schema.org/InStock' } : {}) } }
      : application
        ? { offers: { '@type': 'Offer', url: offerUrl } }
        : {}),
  };
}
