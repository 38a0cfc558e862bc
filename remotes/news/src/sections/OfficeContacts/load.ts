import { NewsListResponseSchema, OfficesResponseSchema, type NewsItem, type Office } from '@site/contracts/news';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface OfficeContactsProps {
  /** Narrows the section to one office. */
  officeSlug?: string;
  title?: string;
}

export interface OfficeWithSlug extends Office {
  slug: string;
}

export interface OfficeContactsData {
  offices: OfficeWithSlug[];
  /** True when the section shows the one office its props named. */
  single: boolean;
  /** The office's latest news, newest first (on the office's own page); empty when it has none or they failed. */
  news?: NewsItem[];
}

/** How many of an office's news its page lists (the spec's "latest 4"). */
const OFFICE_NEWS_COUNT = 4;

/** Thrown when props name an office that does not exist: the shell shows the section's fallback. */
export class OfficeNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`Office with slug "${slug}" was not found`);
    this.name = 'OfficeNotFoundError';
  }
}

/** Finds an office by its slug, through the office dictionary (id → slug); throws when there is none. */
function officeBySlug(offices: readonly OfficeWithSlug[], slug: string): OfficeWithSlug {
  const office = offices.find((candidate) => candidate.slug === slug);
  if (!office) throw new OfficeNotFoundError(slug);
  return office;
}

export const load: SectionLoader<OfficeContactsProps, OfficeContactsData> = async ({ api, locale, signal }, { props }) => {
  const path = `${locale}/offices`;
  const { items, dictionary } = parseContract(path, OfficesResponseSchema, await api.get(path, { signal })).data;
  const offices = items.map((office) => ({ ...office, slug: dictionary[String(office.id)]?.slug ?? office.slug ?? String(office.id) }));
  const slug = typeof props.officeSlug === 'string' ? props.officeSlug.trim() : '';
  if (!slug) return { offices, single: false };
  const office = officeBySlug(offices, slug);
  const newsPath = `${locale}/news`;
  try {
    const answer = await api.get(newsPath, { signal, params: { office: String(office.id), pageSize: OFFICE_NEWS_COUNT } });
    const news = parseContract(newsPath, NewsListResponseSchema, answer).data.items;
    // Office news is sorted newest first, whatever order the backend used.
    return { offices: [office], single: true, news: [...news].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)).slice(0, OFFICE_NEWS_COUNT) };
  } catch (error) {
    // The contacts matter more than the news: the office is shown without them.
    console.warn(`OfficeContacts: the news of office ${office.id} could not be loaded`, error);
    return { offices: [office], single: true, news: [] };
  }
};
