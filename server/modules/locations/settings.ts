// A location's settings (#28): what the owner gives when creating a location (POST /locations/) and
// what its administrator may change with the location info (PUT /locations/{id}/). City and country
// are named, not chosen by id: a new name is created, a known one (either language, any case,
// within the country) is reused. Currencies are ISO 4217 codes of the `currencies` reference table;
// the time zone an IANA name this Node knows (the location's clock everywhere depends on it).
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { cities, countries, currencies } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { emailSchema } from '../../platform/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { LANGUAGES } from '../../../domain/constants';

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));
// Intl's list leaves out the aliases it canonicalises (UTC, Europe/Kiev); a zone it formats with is valid.
export function isTimeZone(zone: string): boolean {
  if (ZONES.has(zone)) return true;
  try {
    return !!new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone && /^[A-Za-z_+\-/0-9]+$/.test(zone);
  } catch {
    return false;
  }
}

/** Every IANA time zone, for the location form's searchable choice (GET /timezones/). */
export const timeZones = (): string[] => [...ZONES].sort();

const place = z.string().trim().min(1).max(TEXT_LIMITS.itemName);
const currencyCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'unknown_currency' });

/** The settings' fields, as both writes validate them. */
export const locationSettingsFields = {
  name: z.string().trim().min(1).max(TEXT_LIMITS.locationName),
  city: place,
  country: place,
  timezone: z.string().trim().min(1).max(64).refine(isTimeZone, { message: 'unknown_timezone' }),
  currency: currencyCode,
  b2b_currency: currencyCode.nullable(),
  languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length)
    .refine((l) => new Set(l).size === l.length, { message: 'invalid_choice' }),
  is_park: z.boolean(),
  is_events_available: z.boolean(),
  allow_refill: z.boolean(),
  is_active: z.boolean(),
  // #30: the desk may book a walk-in without the guest's name and phone.
  walk_ins_without_details: z.boolean(),
};

/** #40 An absolute http or https address with a host (the privacy policy a customer opens from the widget). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/**
 * #40 The personal-data consent settings the location info write takes (PUT /locations/{id}/): the
 * privacy policy link ('' for none) and the consent text (line ends read as '\n', so the same text
 * sent from another system is the same; #44 a different one is refused: see refuseChangedConsentText).
 */
export const consentSettingsFields = {
  privacy_policy_url: z.string().trim().max(TEXT_LIMITS.privacyPolicyUrl).refine((v) => v === '' || isHttpUrl(v), { message: 'invalid_url' }),
  personal_data_consent_text: z.string().trim().min(1).max(TEXT_LIMITS.consentText).transform((v) => v.replace(/\r\n?/g, '\n')),
};

/**
 * #42 A location's letters (PUT /locations/{id}/): the sender name, shown as the letters' "From" name
 * (one line: no line breaks or other control characters, which would let it write headers, and no @, <
 * or > that would make it look like an address; '' for the location's name), and the location's
 * e-mail, their Reply-To ('' for none).
 */
export const letterSettingsFields = {
  sender_name: z.string().trim().max(TEXT_LIMITS.senderName).refine((v) => !/[\p{Cc}\p{Cf}\u2028\u2029@<>]/u.test(v), { message: 'sender_name_invalid' }),
  email: z.union([z.literal(''), emailSchema]),
};

/** The currency's id by its code, else a 400 on the field. */
export async function currencyId(tx: DbOrTx, field: string, code: string): Promise<number> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  if (!row) throw fieldError(field, 'unknown_currency');
  return row.id;
}

/** A slug of a name (letters of any script kept), unique in the table by a numeric suffix. */
async function freeSlug(tx: DbOrTx, table: typeof cities | typeof countries, name: string): Promise<string> {
  const base = name.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'place';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug));
    if (!taken) return slug;
  }
}

const sameName = (t: typeof cities | typeof countries, name: string) =>
  sql`(lower(${t.nameRu}) = lower(${name}) or lower(${t.nameEn}) = lower(${name}))`;

/** The city's id, the country and city made when new (the name in both languages until edited). */
export async function cityIdByName(tx: DbOrTx, countryName: string, cityName: string): Promise<number> {
  // Two locations created at once in a new city must not make it twice.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('locations.city'))`);
  let [country] = await tx.select({ id: countries.id }).from(countries).where(sameName(countries, countryName)).orderBy(countries.id).limit(1);
  if (!country) {
    [country] = await tx.insert(countries).values({ slug: await freeSlug(tx, countries, countryName), nameRu: countryName, nameEn: countryName }).returning({ id: countries.id });
  }
  const [city] = await tx.select({ id: cities.id }).from(cities).where(and(eq(cities.countryId, country!.id), sameName(cities, cityName))).orderBy(cities.id).limit(1);
  if (city) return city.id;
  const [made] = await tx.insert(cities).values({ countryId: country!.id, slug: await freeSlug(tx, cities, cityName), nameRu: cityName, nameEn: cityName }).returning({ id: cities.id });
  return made!.id;
}
