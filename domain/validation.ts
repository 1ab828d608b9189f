// Validation patterns shared by the screens and the server.
import { TEXT_LIMITS } from './textLimits';
import { normalizePhone, STORED_PHONE } from './phone';
/** The spec's validationPhone: an optional leading plus, then digits only; since #40 the stored form (domain/phone.ts). */
export const PHONE_PATTERN = STORED_PHONE;
/** validationEmail: a pragmatic address check (the server applies the same rule). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** validationPasswordLength. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * validationPhone: a phone as people type it (#40: spaces, dashes, brackets, a leading plus, an
 * 8-prefix; domain/phone.ts), no longer than the stored field (#18: one message for a too-long phone).
 */
export const isValidPhone = (v: string) => v.length <= TEXT_LIMITS.phone && normalizePhone(v) !== null;
export const isValidEmail = (v: string) => EMAIL_PATTERN.test(v.trim());
