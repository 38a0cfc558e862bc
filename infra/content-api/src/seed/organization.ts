import { Type } from '@sinclair/typebox';
import { BilingualSchema, Strict, readSeedData } from './seed-data';

/**
 * The university as a legal entity, from one data file: its legal name, postal address and contacts. The settings'
 * `organization` (what the shell's structured data describes) and "Основные сведения" of /sveden both read it, so the
 * address a search engine sees is the one the regulator's page shows.
 */
export const ORGANIZATION = readSeedData(
  'organization.json',
  Strict({
    legalName: BilingualSchema,
    address: Strict({
      postalCode: Type.String({ pattern: '^[0-9]{6}$' }),
      addressRegion: Type.String({ minLength: 1 }),
      addressLocality: Type.String({ minLength: 1 }),
      streetAddress: Type.String({ minLength: 1 }),
      addressCountry: Type.String({ pattern: '^[A-Z]{2}$' }),
    }),
    telephone: Type.String({ pattern: '^\\+[0-9 -]+$' }),
    email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' }),
  }),
);

/**
 * The postal address as one line in the order the recommendations' table 3.2.2 asks for: postcode, region of the
 * Russian Federation, town, street and house (for a federal city the region and the town are one: "г. Москва").
 */
export function postalAddressLine(address: typeof ORGANIZATION.address = ORGANIZATION.address): string {
  const town = `г. ${address.addressLocality}`;
  const place = address.addressRegion === address.addressLocality ? [town] : [address.addressRegion, town];
  return [address.postalCode, ...place, address.streetAddress].join(', ');
}
