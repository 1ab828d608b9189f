// Location info (basic information) and the location's games, for the location-management screens.
// Only administrators of the location (role id 40) use them. The edit writes the location row and
// every translation in one transaction, so a screen never sees half an edit.
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cities, currencies, games, locationGames, locationTranslations, locations } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { ApiError, fieldError, notFound } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { locationDetail, requireManagerAt } from '../locations/service';
import { cityIdByName, currencyId as currencyIdOf } from '../locations/settings';
import { refuseChangedConsentText, templateFor } from '../locations/consent';
import type { Language } from '../../../domain/constants';
import type { LOCATION_TRANSLATION_FIELDS } from '../../../domain/locationManagement';

export type TranslationInput = { language: string } & Record<(typeof LOCATION_TRANSLATION_FIELDS)[number], string>;

export interface LocationInfoInput {
  translations?: TranslationInput[];
  /** Decimal text with six decimals. */
  lat?: string;
  lng?: string;
  /** An id of GET /geo/ (the location info form) or a name (the settings form, made when new). */
  country?: number | string;
  city?: number | string;
  // #28 SETUP: the settings, as POST /locations/ takes them.
  name?: string;
  timezone?: string;
  currency?: string;
  b2b_currency?: string | null;
  languages?: string[];
  is_park?: boolean;
  is_events_available?: boolean;
  allow_refill?: boolean;
  is_active?: boolean;
  walk_ins_without_details?: boolean;
  // #40 personal-data consent: the privacy policy link ('' for none) and the consent text (a different one is a new version).
  privacy_policy_url?: string;
  personal_data_consent_text?: string;
  // #42 the location's letters.
  sender_name?: string;
  email?: string;
}

/** Every language of the location exactly once, and no other (the edit dialog has a tab per language). */
function checkLanguages(languages: string[], translations: TranslationInput[]): void {
  const fields: Record<string, { key: 'invalid_choice' | 'translations_languages'; params?: Record<string, string> }[]> = {};
  const seen = new Set<string>();
  translations.forEach((t, i) => {
    if (!languages.includes(t.language) || seen.has(t.language)) fields[`translations.${i}.language`] = [{ key: 'invalid_choice' }];
    seen.add(t.language);
  });
  if (Object.keys(fields).length) throw new ApiError(400, undefined, fields);
  if (languages.some((l) => !seen.has(l))) throw fieldError('translations', 'translations_languages', { languages: languages.join(', ') });
}

/** The city the input names: by id (it must be in the country of that id) or by name (made when new). */
async function cityOf(tx: Tx, input: LocationInfoInput): Promise<number | undefined> {
  if (input.country === undefined && input.city === undefined) return undefined;
  if (input.country === undefined) throw fieldError('country', 'required');
  if (input.city === undefined) throw fieldError('city', 'required');
  if (typeof input.country === 'string' || typeof input.city === 'string') {
    if (typeof input.country !== 'string' || typeof input.city !== 'string') throw fieldError('city', 'invalid_choice');
    return cityIdByName(tx, input.country, input.city);
  }
  const [city] = await tx.select().from(cities).where(eq(cities.id, input.city));
  if (!city) throw fieldError('city', 'invalid_choice');
  if (city.countryId !== input.country) throw fieldError('city', 'city_not_in_country');
  return city.id;
}

/** What the activity entry compares: the row's settings as the API names them. */
function settingsView(row: typeof locations.$inferSelect, codes: Map<number, string>) {
  return {
    name: row.name, city_id: row.cityId, lat: row.lat, lng: row.lng, timezone: row.timezone,
    currency: row.currencyId ? codes.get(row.currencyId) ?? null : null, b2b_currency: row.b2bCurrencyId ? codes.get(row.b2bCurrencyId) ?? null : null,
    languages: row.languages, is_park: row.isPark, is_events_available: row.isEventsAvailable, allow_refill: row.allowRefill, is_active: row.isActive,
    walk_ins_without_details: row.walkInsWithoutDetails, privacy_policy_url: row.privacyPolicyUrl,
    sender_name: row.senderName, email: row.email,
  };
}

const SETTINGS = ['name', 'timezone', 'currency', 'b2b_currency', 'languages', 'is_park', 'is_events_available', 'allow_refill', 'is_active', 'walk_ins_without_details',
  'privacy_policy_url', 'personal_data_consent_text', 'sender_name', 'email'] as const;
const INFO = ['translations', 'lat', 'lng', 'country', 'city'] as const;

/** Without any setting it is the location info form's body, whose every field is required (the spec's form). */
function requireInfoForm(input: LocationInfoInput): void {
  const settingsForm = SETTINGS.some((k) => input[k] !== undefined) || typeof input.country === 'string' || typeof input.city === 'string';
  const missing = settingsForm ? [] : INFO.filter((k) => input[k] === undefined);
  if (missing.length) throw new ApiError(400, undefined, Object.fromEntries(missing.map((k) => [k, [{ key: 'required' as const }]])));
}

export async function updateLocationInfo(db: Db, userId: number, locationId: number, input: LocationInfoInput, lang: Lang) {
  await requireManagerAt(db, userId, locationId);
  requireInfoForm(input);
  const [loc] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  const languages = input.languages ?? loc.languages;
  if (input.translations) checkLanguages(languages, input.translations);
  await db.transaction(async (tx) => {
    const cityId = await cityOf(tx, input);
    const currencyId = input.currency !== undefined ? await currencyIdOf(tx, 'currency', input.currency) : undefined;
    const b2bCurrencyId = input.b2b_currency === undefined ? undefined : input.b2b_currency === null ? null : await currencyIdOf(tx, 'b2b_currency', input.b2b_currency);
    // The settings form edits the name as it shows it: in the reader's language (GET answers that
    // translation). An English administrator renaming "VR Park Saint Petersburg" renames the English
    // name, never the Russian one (#40: saving the settings in English overwrote the first language's).
    const existing = await tx.select({ language: locationTranslations.language }).from(locationTranslations).where(eq(locationTranslations.locationId, locationId));
    const nameLanguage = !input.translations && lang !== languages[0] && existing.some((t) => t.language === lang) ? lang : languages[0]!;
    // The location's own name is its first language's (lists without translations show it).
    const mainName = input.translations?.find((t) => t.language === languages[0])!.name ?? (nameLanguage === languages[0] ? input.name : undefined);
    const set = Object.fromEntries(Object.entries({
      lat: input.lat, lng: input.lng, cityId, name: mainName, timezone: input.timezone, currencyId, b2bCurrencyId, languages: input.languages,
      isPark: input.is_park, isEventsAvailable: input.is_events_available, allowRefill: input.allow_refill, isActive: input.is_active,
      walkInsWithoutDetails: input.walk_ins_without_details, privacyPolicyUrl: input.privacy_policy_url,
      senderName: input.sender_name, email: input.email,
    }).filter(([, v]) => v !== undefined));
    const [after] = Object.keys(set).length ? await tx.update(locations).set(set).where(eq(locations.id, locationId)).returning() : [loc];
    const oldTranslations = await tx.select().from(locationTranslations).where(eq(locationTranslations.locationId, locationId)).orderBy(asc(locationTranslations.language));
    for (const t of input.translations ?? []) {
      const values = {
        name: t.name, address: t.address, distance: t.distance, openingTimes: t.opening_times,
        paymentDescription: t.payment_description, parkingDescription: t.parking_description, description: t.description,
      };
      await tx.insert(locationTranslations).values({ locationId, language: t.language, ...values })
        .onConflictDoUpdate({ target: [locationTranslations.locationId, locationTranslations.language], set: values });
    }
    if (!input.translations && (input.name !== undefined || input.languages)) {
      // The settings form: a language it adds starts with the name; a renamed location's first language takes the new name.
      for (const language of languages) {
        await tx.insert(locationTranslations).values({ locationId, language, name: after!.name }).onConflictDoNothing();
      }
      if (input.name !== undefined) {
        await tx.update(locationTranslations).set({ name: input.name }).where(and(eq(locationTranslations.locationId, locationId), eq(locationTranslations.language, nameLanguage)));
      }
    }
    // A language the location no longer offers takes its texts with it.
    if (input.languages) await tx.delete(locationTranslations).where(and(eq(locationTranslations.locationId, locationId), notInArray(locationTranslations.language, languages)));
    const newTranslations = await tx.select().from(locationTranslations).where(eq(locationTranslations.locationId, locationId)).orderBy(asc(locationTranslations.language));
    const codes = new Map((await tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [c.id, c.code]));
    // #42 In words: the city by its names, each translation's texts as "en.address" (never an id or a list of rows).
    const logged = async (row: typeof locations.$inferSelect, texts: (typeof locationTranslations.$inferSelect)[]): Promise<Record<string, unknown>> => {
      const { city_id: cityOf, ...view } = settingsView(row, codes);
      const [city] = cityOf === null ? [] : await tx.select({ ru: cities.nameRu, en: cities.nameEn }).from(cities).where(eq(cities.id, cityOf));
      const translated = texts.flatMap((t) => Object.entries({
        name: t.name, address: t.address, distance: t.distance, opening_times: t.openingTimes,
        payment_description: t.paymentDescription, parking_description: t.parkingDescription, description: t.description,
      }).map(([field, value]) => [`${t.language}.${field}`, value] as const));
      return { ...view, city: city ?? null, ...Object.fromEntries(translated) };
    };
    const before = await logged(loc, oldTranslations);
    const now = await logged(after!, newTranslations);
    for (const key of Object.keys(before)) if (!(key in now)) now[key] = null;
    for (const key of Object.keys(now)) if (!(key in before)) before[key] = null;
    // #40 The consent text: the same one is accepted (a client sending back what it read); #44 a changed
    // one is refused, the documents write makes versions (refuseChangedConsentText).
    if (input.personal_data_consent_text !== undefined) await refuseChangedConsentText(tx, locationId, input.personal_data_consent_text);
    const changed = Object.keys(now).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(now[k]));
    if (changed.length) {
      await recordEffects(tx, { activity: {
        locationId, kind: 'location.updated', subject: after!.name,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, now[k]])),
      } });
    }
  });
  return locationDetail(db, userId, locationId, lang);
}

/** The games table: the location's available games with genre, age ratings per country and the playgrounds they run on (null: all, #28). */
export async function locationGamesList(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  return db.select({ id: games.id, name: games.name, genre: games.genre, info: games.info, playgrounds: locationGames.playgroundIds }).from(locationGames)
    .innerJoin(games, eq(games.id, locationGames.gameId))
    .where(and(eq(locationGames.locationId, locationId))).orderBy(asc(games.name));
}

/** #40 GET /locations/{id}/consent_template/: the personal-data consent template in `lang`, with the location's name, for "start from the template". */
export async function consentTemplateOf(db: Db, userId: number, locationId: number, lang: Language): Promise<{ text: string }> {
  await requireManagerAt(db, userId, locationId);
  return { text: await templateFor(db, locationId, lang) };
}
