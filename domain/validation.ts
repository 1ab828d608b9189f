// Validation patterns shared by the screens and the server.
/** validationPhone: an optional leading plus, then digits only. */
export const PHONE_PATTERN = /^\+?\d+$/;
/** validationEmail: a pragmatic address check (the server applies the same rule). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** validationPasswordLength. */
export const PASSWORD_MIN_LENGTH = 6;

export const isValidPhone = (v: string) => PHONE_PATTERN.test(v);
export const isValidEmail = (v: string) => EMAIL_PATTERN.test(v.trim());
