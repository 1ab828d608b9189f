// #42 What two spellings of a city's name share, for finding its time zone by the name typed (the
// server's lookup and the location form, which tells a whole name from a beginning): lower case,
// "ё" as "е", no accents, only letters and digits ("Санкт-Петербург" = "санкт петербург").
export function cityKey(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N}]/gu, '');
}

/** The name without a leading "г." or "город" ("г. Казань" is Казань). */
export const withoutCityPrefix = (text: string): string => text.trim().replace(/^(г\.|гор\.|город\s)\s*/iu, '');
