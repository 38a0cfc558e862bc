import { OfficesResponseSchema, parseContract, type Office, type SectionLoader } from '@site/contracts';

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
}

/** Thrown when props name an office that does not exist (spec point 5): the shell shows the section's fallback. */
export class OfficeNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`Office with slug "${slug}" was not found`);
    this.name = 'OfficeNotFoundError';
  }
}

/** Finds an office by its slug, through the office dictionary (id → slug); throws when there is none. */
export function officeBySlug(offices: readonly OfficeWithSlug[], slug: string): OfficeWithSlug {
  const office = offices.find((candidate) => candidate.slug === slug);
  if (!office) throw new OfficeNotFoundError(slug);
  return office;
}

export const load: SectionLoader<OfficeContactsProps, OfficeContactsData> = async ({ api, locale, signal }, { props }) => {
  const path = `${locale}/offices`;
  const { items, dictionary } = parseContract(path, OfficesResponseSchema, await api.get(path, { signal })).data;
  const offices = items.map((office) => ({ ...office, slug: dictionary[String(office.id)]?.slug ?? office.slug ?? String(office.id) }));
  const slug = typeof props.officeSlug === 'string' ? props.officeSlug.trim() : '';
  return slug ? { offices: [officeBySlug(offices, slug)], single: true } : { offices, single: false };
};
