// react-admin validators that answer with the specs' validation message keys.
import { email, maxLength, minLength, required } from 'react-admin';
import { PASSWORD_MIN_LENGTH, isValidPhone } from '../../domain/validation';
import { readAmount } from '../../domain/money';

export const requiredField = required('validation.validationRequired');
export const validEmail = email('validation.validationEmail');
/** validationPhone for a malformed and for a too-long phone alike (#18: one message, as the server's invalid_phone). */
export const validPhone = (value: unknown) => (value == null || value === '' || isValidPhone(String(value).trim()) ? undefined : 'validation.validationPhone');
export const passwordLength = minLength(PASSWORD_MIN_LENGTH, 'validation.validationPasswordLength');
/** validationPaymentsLength with `max`: react-admin passes `{max}` to the message itself. */
export const maxChars = (max: number) => maxLength(max, 'validation.validationPaymentsLength');

/**
 * validationPaymentsLength for an amount: the spec's length (8, 10) counts the amount's own
 * characters, not the spaces a cashier types to group digits as the screens show them
 * ("1 500 000,00" is 10 characters of amount).
 */
export const amountMaxChars = (max: number) => {
  const rule = maxLength(max, 'validation.validationPaymentsLength');
  return (value: unknown, values: unknown) => rule(typeof value === 'string' ? value.replace(/[ \u00a0\u202f]/g, '') : value, values);
};

/** Money taken is above zero (#25, the server's amount_not_positive): an amount read as 0 is refused before sending. */
export const positiveAmount = (value: unknown) => {
  const amount = readAmount(value);
  return amount !== null && !(Number(amount) > 0) ? 'validation.validationAmountPositive' : undefined;
};

/** validationPasswordMatch: the field must equal the form's `password`. */
export const matchesPassword = (value: unknown, values: Record<string, unknown>) =>
  value === values.password ? undefined : 'validation.validationPasswordMatch';
