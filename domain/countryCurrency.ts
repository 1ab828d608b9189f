// #42 The currency a country pays in, by its ISO 3166-1 code: a new location whose city is found
// (GET /api/v2.1/timezones/by_city/ answers the city's country code) starts with its country's
// currency, so the owner does not pick "RUB" for Moscow. The countries a venue of this product is
// likely in (Russia, the CIS, Georgia, the UAE, the UK, the euro area, a few neighbours); any other
// leaves the currency for the person to choose. Used only where the currency is still empty.
const EURO_AREA = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'];

const BY_COUNTRY: Readonly<Record<string, string>> = {
  RU: 'RUB', BY: 'BYN', KZ: 'KZT', UZ: 'UZS', KG: 'KGS', TJ: 'TJS', TM: 'TMT', AZ: 'AZN', AM: 'AMD', GE: 'GEL',
  MD: 'MDL', UA: 'UAH', AE: 'AED', GB: 'GBP', US: 'USD', TR: 'TRY', RS: 'RSD', ME: 'EUR', CN: 'CNY', TH: 'THB',
  ...Object.fromEntries(EURO_AREA.map((c) => [c, 'EUR'])),
};

/** The currency code of a country's money, or null when this list does not know the country. */
export const currencyOfCountry = (countryCode: string | null | undefined): string | null =>
  BY_COUNTRY[(countryCode ?? '').toUpperCase()] ?? null;
