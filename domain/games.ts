// #28 GAPS: a game's age ratings (info: [{country, age}]) typed as one line, "RU 12+, US 13+":
// entries separated by commas or semicolons, each a country (code or name) and an age 0..21 with an
// optional "+". One text input is simpler and sturdier than a repeated-row input for a handful of pairs.
export interface AgeRating { country: string; age: number }

const ENTRY = /^(.+?)\s+(\d{1,2})\s*\+?$/;
export const MAX_RATING_AGE = 21;
/** The typed line's length: a handful of pairs (the server takes at most 50 entries, each checked on its own). */
export const AGE_RATINGS_LINE_MAX = 500;

/** The ratings of the line, or null when an entry is not "country age" (an empty line is none). */
export function parseAgeRatings(text: string): AgeRating[] | null {
  const entries = text.split(/[,;]/).map((e) => e.trim()).filter(Boolean);
  const out: AgeRating[] = [];
  for (const e of entries) {
    const m = ENTRY.exec(e);
    if (!m) return null;
    const age = Number(m[2]);
    if (age > MAX_RATING_AGE) return null;
    out.push({ country: m[1]!.trim(), age });
  }
  return out;
}

/** The line of the ratings, as the form shows them to edit. */
export const formatAgeRatings = (info: AgeRating[]): string => info.map((i) => `${i.country} ${i.age}+`).join(', ');
