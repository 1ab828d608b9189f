// Location info (basic information) and the location's games, for the location-management screens.
// Only administrators of the location (role id 40) use them. The edit writes the location row and
// every translation in one transaction, so a screen never sees half an edit.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, games, locationGames, locationTranslations, locations } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { locationDetail, requireManagerAt } from '../locations/service';
import type { LOCATION_TRANSLATION_FIELDS } from '../../../domain/locationManagement';
import { recordChange } from '../activity/record';

export type TranslationInput = { language: string } & Record<(typeof LOCATION_TRANSLATION_FIELDS)[number], string>;

export interface LocationInfoInput {
  translations: TranslationInput[];
  /** Decimal text with six decimals. */
  lat: string;
  lng: string;
  country: number;
  city: number;
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

export async function updateLocationInfo(db: Db, userId: number, locationId: number, input: LocationInfoInput, lang: Lang) {
  await requireManagerAt(db, userId, locationId);
  const [loc] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  checkLanguages(loc.languages, input.translations);
  const [city] = await db.select().from(cities).where(eq(cities.id, input.city));
  if (!city) throw fieldError('city', 'invalid_choice');
  if (city.countryId !== input.country) throw fieldError('city', 'city_not_in_country');
  // The location's own name is its first language's (lists without translations show it).
  const mainName = input.translations.find((t) => t.language === loc.languages[0])!.name;
  const oldTexts = await db.select().from(locationTranslations).where(eq(locationTranslations.locationId, locationId));
  // The log's fields: the place and each language's texts as "ru.address".
  const texts = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.flatMap((t) =>
    ['name', 'address', 'distance', 'openingTimes', 'paymentDescription', 'parkingDescription', 'description'].map((k) => [`${String(t.language)}.${k}`, t[k] ?? null])));
  await db.transaction(async (tx) => {
    await tx.update(locations).set({ lat: input.lat, lng: input.lng, cityId: input.city, name: mainName }).where(eq(locations.id, locationId));
    for (const t of input.translations) {
      const values = {
        name: t.name, address: t.address, distance: t.distance, openingTimes: t.opening_times,
        paymentDescription: t.payment_description, parkingDescription: t.parking_description, description: t.description,
      };
      await tx.insert(locationTranslations).values({ locationId, language: t.language, ...values })
        .onConflictDoUpdate({ target: [locationTranslations.locationId, locationTranslations.language], set: values });
    }
    await recordChange(tx, locationId, 'location_info.changed', mainName,
      { lat: loc.lat, lng: loc.lng, city: loc.cityId, ...texts(oldTexts) },
      { lat: input.lat, lng: input.lng, city: input.city, ...texts(input.translations.map((t) => ({
        language: t.language, name: t.name, address: t.address, distance: t.distance, openingTimes: t.opening_times,
        paymentDescription: t.payment_description, parkingDescription: t.parking_description, description: t.description,
      }))) });
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
