// Validation patterns shared by the screens and the server.
import { TEXT_LIMITS } from './textLimits';
/** validationPhone: an optional leading plus, then digits only. */
export const PHONE_PATTERN = /^\+?\d+$/;
/** validationEmail: a pragmatic address check (the server applies the same rule). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** validationPasswordLength. */
export const PASSWORD_MIN_LENGTH = 6;

/** validationPhone also covers a phone over its stored length (#18: one message for a too-long phone). */
export const isValidPhone = (v: string) => PHONE_PATTERN.test(v) && v.length <= TEXT_LIMITS.phone;
export const isValidEmail = (v: string) => EMAIL_PATTERN.test(v.trim());
