// Brand names written the way their owners write them, though they mix scripts: YooKassa calls
// itself «ЮKassa» in Russian (#38, #39). The spelling checks of the Russian texts let these through.
export const MIXED_SCRIPT_BRANDS = ['ЮKassa'] as const;
/** #45 Brands whose own name is a domain: SMS.ru (the SMS gateway) is written so in Russian texts too. */
export const DOMAIN_BRANDS = ['SMS.ru'] as const;
