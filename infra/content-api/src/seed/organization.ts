import type { Locale, PostalAddress } from '@site/contracts';
import organization from './data/organization.json';

/**
 * The university as a legal entity, from one data file: its legal name, postal address and contacts. The settings'
 * `organization` (what the shell's structured data describes) and "Основные сведения" of /sveden both read it, so the
 * address a search engine sees is the one the regulator's page shows.
 */
export const ORGANIZATION: {
  legalName: Record<Locale, string>;
  address: PostalAddress & { postalCode: string; addressRegion: string };
  telephone: string;
  email: string;
} = organization;

/**
 * The postal address as one line in the order the recommendations' table 3.2.2 asks for: postcode, region of the
 * Russian Federation, town, street and house (for a federal city the region and the town are one: "г. Москва").
 */
export function postalAddressLine(address: typeof ORGANIZATION.address = ORGANIZATION.address): string {
  const town = `г. ${address.addressLocality}`;
  const place = address.addressRegion === address.addressLocality ? [town] : [address.addressRegion, town];
  return [address.postalCode, ...place, address.streetAddress].join(', ');
}
