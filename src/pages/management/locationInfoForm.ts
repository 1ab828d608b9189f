// The location info edit form's rules (location-management spec §5), pure so unit tests prove them:
// every translation field of every language and lat, lng, country and city are required;
// coordinates are numbers within range.
import { TEXT_LIMITS } from '../../../domain/textLimits';
import type { LocationInfo, LocationTranslation } from './api';

export const TRANSLATION_FIELDS = ['name', 'address', 'distance', 'opening_times', 'payment_description', 'parking_description', 'description'] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];
/** The longest text of each field: the server's limits (domain/textLimits.ts), enforced by the inputs. */
export const TRANSLATION_LIMITS: Record<TranslationField, number> = {
  name: TEXT_LIMITS.locationName, address: TEXT_LIMITS.locationLine, distance: TEXT_LIMITS.locationLine, opening_times: TEXT_LIMITS.locationLine,
  payment_description: TEXT_LIMITS.locationText, parking_description: TEXT_LIMITS.locationText, description: TEXT_LIMITS.locationDescription,
};
/** Fields typed on several lines. */
export const LONG_FIELDS: readonly TranslationField[] = ['payment_description', 'parking_description', 'description'];

export interface InfoValues {
  translations: LocationTranslation[];
  lat: string;
  lng: string;
  country: number | null;
  city: number | null;
}

export type InfoErrors = Partial<Record<`${string}.${TranslationField}` | 'lat' | 'lng' | 'country' | 'city', string>>;

const empty = (language: string): LocationTranslation => ({
  language, name: '', address: '', distance: '', opening_times: '', payment_description: '', parking_description: '', description: '',
});

/** The form's values: one translation per language of the location (missing ones start empty). */
export function infoValues(l: Pick<LocationInfo, 'languages' | 'translations' | 'lat' | 'lng' | 'country'>, cityId: number | null): InfoValues {
  const languages = l.languages.length ? l.languages : [...new Set(l.translations.map((t) => t.language))];
  return {
    translations: languages.map((lang) => ({ ...empty(lang), ...l.translations.find((t) => t.language === lang) })),
    lat: l.lat ?? '',
    lng: l.lng ?? '',
    country: l.country?.id ?? null,
    city: cityId,
  };
}

const NUMBER = /^-?\d+([.,]\d+)?$/;

function coordinateError(value: string, limit: number): string | undefined {
  if (!value.trim()) return 'validation.validationRequired';
  if (!NUMBER.test(value.trim())) return 'app.management.info.errors.coordinate';
  const n = Number(value.trim().replace(',', '.'));
  if (n < -limit) return 'validation.validationMinValue';
  if (n > limit) return 'validation.validationMaxValue';
  return undefined;
}

export function infoErrors(v: InfoValues): InfoErrors {
  const e: InfoErrors = {};
  for (const t of v.translations) {
    for (const f of TRANSLATION_FIELDS) if (!t[f].trim()) e[`${t.language}.${f}`] = 'validation.validationRequired';
  }
  const lat = coordinateError(v.lat, 90);
  if (lat) e.lat = lat;
  const lng = coordinateError(v.lng, 180);
  if (lng) e.lng = lng;
  if (!v.country) e.country = 'validation.validationRequired';
  if (!v.city) e.city = 'validation.validationRequired';
  return e;
}

/** The PUT /locations/{id}/ body. */
export function infoBody(v: InfoValues) {
  return {
    translations: v.translations.map((t) => Object.fromEntries([['language', t.language], ...TRANSLATION_FIELDS.map((f) => [f, t[f].trim()])]) as LocationTranslation),
    lat: v.lat.trim().replace(',', '.'),
    lng: v.lng.trim().replace(',', '.'),
    country: v.country!,
    city: v.city!,
  };
}
