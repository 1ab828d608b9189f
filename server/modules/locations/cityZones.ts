// #42 The time zone found by the city a person types (GET /api/v2.1/timezones/by_city/?city=): the
// cities of cityZones.json (derived from GeoNames by cityZonesData.ts) whose name, in any of its
// Latin or Cyrillic spellings, is what was typed (first, the most populous first) or begins with it.
// Case, "ё", accents, hyphens and spaces do not matter ("санкт петербург", "St. Petersburg"), nor a
// leading "г." or "город". Nothing found is an empty answer: the form says so and never falls back
// to another zone.
import fs from 'node:fs';
import { CITY_ZONES_FILE, type CityZonesFile } from './cityZonesData';
import type { Lang } from '../../platform/messages';
import { cityKey, withoutCityPrefix } from '../../../domain/cityKey';

export const CITY_MATCHES_LIMIT = 10;

export interface CityZone {
  name: string;
  /** `name`: the whole of one of the city's own names; `other_name`: the whole of another (a former name); `beginning`: the start of a name. */
  match: 'name' | 'other_name' | 'beginning';
  country: string;
  country_code: string;
  timezone: string;
  utc_offset: string;
  local_time: string;
}


interface Entry { names: string[]; keys: string[]; country: string; zone: string; population: number }
let entries: Entry[] | undefined;
function load(): Entry[] {
  if (entries) return entries;
  const file = JSON.parse(fs.readFileSync(CITY_ZONES_FILE, 'utf8')) as CityZonesFile;
  entries = file.cities.map(([, country, zone, population, ...names]) => ({ names, keys: names.map(cityKey), country, zone, population }));
  return entries;
}

const countryNames = new Map<Lang, Intl.DisplayNames>();
function countryName(code: string, lang: Lang): string {
  let names = countryNames.get(lang);
  if (!names) countryNames.set(lang, names = new Intl.DisplayNames([lang], { type: 'region' }));
  return names.of(code) ?? code;
}

/** The zone's offset from UTC at `now` ("+05:00", "+00:00") and its wall-clock time ("16:48"), by this Node's time zone data. */
export function zoneNow(zone: string, now = new Date()): { utc_offset: string; local_time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '');
  return { utc_offset: offset === '' ? '+00:00' : offset, local_time: `${part('hour')}:${part('minute')}` };
}

/**
 * The cities a typed name finds, best first: whole-name matches (a city's own name before another
 * city's former one), then names it begins (two letters at least), each by population. Each shows the spelling that matched (the one typed when whole; for a
 * beginning, the first spelling that has it, Russian ones before the rest), its country in `lang`,
 * its zone, and the zone's offset and time now.
 */
export function citiesNamed(typed: string, lang: Lang, now = new Date()): CityZone[] {
  const text = withoutCityPrefix(typed);
  const key = cityKey(text);
  if (key.length < 2) return [];
  const whole: { e: Entry; name: string; main: boolean }[] = [];
  const begun: { e: Entry; name: string; main: boolean }[] = [];
  for (const e of load()) {
    const exact = e.keys.indexOf(key);
    if (exact >= 0) {
      // The spelling exactly as typed when the city has it ("Санкт-Петербург", not "Санкт Петербург").
      const same = e.names.findIndex((n) => n.toLowerCase() === text.toLowerCase());
      // The city's own name (its GeoNames name or first Cyrillic one) before a former or other one
      // ("Калининград" is Kaliningrad before Korolev, which bore the name until 1996).
      const main = e.keys[0] === key || e.keys.find((_k, n) => /\p{Script=Cyrillic}/u.test(e.names[n]!)) === key;
      whole.push({ e, name: e.names[same >= 0 ? same : exact]!, main });
      continue;
    }
    // Among spellings with that beginning, one in the script typed (the GeoNames name is Latin).
    const cyrillic = /\p{Script=Cyrillic}/u.test(key);
    const i = e.keys.findIndex((k, n) => k.startsWith(key) && /\p{Script=Cyrillic}/u.test(e.names[n]!) === cyrillic);
    const j = i >= 0 ? i : e.keys.findIndex((k) => k.startsWith(key));
    if (j >= 0) begun.push({ e, name: e.names[j]!, main: false });
  }
  const byPopulation = (a: { e: Entry; main: boolean }, b: { e: Entry; main: boolean }) => Number(b.main) - Number(a.main) || b.e.population - a.e.population;
  const found = [...whole.sort(byPopulation).map((w) => ({ ...w, match: w.main ? 'name' as const : 'other_name' as const })),
    ...begun.sort(byPopulation).map((b) => ({ ...b, match: 'beginning' as const }))];
  return found.slice(0, CITY_MATCHES_LIMIT).map(({ e, name, match }) => ({
    name, match, country: countryName(e.country, lang), country_code: e.country, timezone: e.zone, ...zoneNow(e.zone, now),
  }));
}
