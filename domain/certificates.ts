// Gift certificate constants shared by the screens and the server.
export const CERTIFICATE_STATUSES = ['NOT_PAID', 'ACTIVE', 'EXPIRED', 'USED'] as const;
export const CERTIFICATE_TYPES = ['digital', 'physical'] as const;
/** Designs printed or sent by e-mail; each name at most 15 characters (validationCertificateLength). */
export const CERTIFICATE_DESIGNS = ['classic', 'birthday', 'newyear', 'sport', 'cosmos'] as const;
export const CERTIFICATE_DESIGN_MAX = 15;
export const CERTIFICATE_QUANTITY = { min: 1, max: 100, default: 1 } as const;
/** How long an activated certificate can be spent. */
export const CERTIFICATE_VALID_DAYS = 365;
