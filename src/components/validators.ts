// react-admin validators that answer with the specs' validation message keys.
import { email, maxLength, minLength, required } from 'react-admin';
import { PASSWORD_MIN_LENGTH, isValidPhone } from '../../domain/validation';

export const requiredField = required('validation.validationRequired');
export const validEmail = email('validation.validationEmail');
/** validationPhone for a malformed and for a too-long phone alike (#18: one message, as the server's invalid_phone). */
export const validPhone = (value: unknown) => (value == null || value === '' || isValidPhone(String(value).trim()) ? undefined : 'validation.validationPhone');
export const passwordLength = minLength(PASSWORD_MIN_LENGTH, 'validation.validationPasswordLength');
/** validationPaymentsLength with `max`: react-admin passes `{max}` to the message itself. */
export const maxChars = (max: number) => maxLength(max, 'validation.validationPaymentsLength');

/** validationPasswordMatch: the field must equal the form's `password`. */
export const matchesPassword = (value: unknown, values: Record<string, unknown>) =>
  value === values.password ? undefined : 'validation.validationPasswordMatch';
