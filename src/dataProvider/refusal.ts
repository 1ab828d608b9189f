// #39 The one reading of a refused call for every screen: the server's reasons (it writes them in the
// screen's language, from Accept-Language), all of them (its field errors and non_field_errors), with
// the spec's catalogue strings (`null payment`, `wrong persons number`, ...: English in both languages
// by contract) in the screen's words; "Something went wrong. Try again later." only when there was no
// answer or the server failed (5xx), where the answer holds no reason a cashier can act on.
// Pure (translate is passed) so the booking forms and the unit tests use it as the HTTP client does.
import { allErrorMessages, isRetryLater } from '../../domain/errors';

type Translate = (key: string, options?: object) => string;

/** The booking spec's error catalogue: a field's contract string -> the words the screens show. */
export const CATALOGUE: { field: string; text: string; key: string }[] = [
  { field: 'bill', text: 'null payment', key: 'app.booking.result.reasons.noPayment' },
  { field: 'persons', text: 'wrong persons number', key: 'app.booking.result.reasons.timeSlotBusy' },
  { field: 'datetime_start', text: 'Free sessions not found for this event on this location at given time', key: 'app.booking.result.reasons.timeSlotBusy' },
  { field: 'seller', text: 'not found', key: 'app.booking.result.reasons.sellerNotFound' },
  { field: 'seller', text: 'Must be a valid UUID.', key: 'app.booking.result.reasons.sellerNotCorrect' },
];

/** What a refused call says: the reasons to show, one per line. */
export function refusalReasons(status: number, body: unknown, translate: Translate): string[] {
  if (isRetryLater(status)) return [translate('app.alerts.tryLater')];
  const reasons = allErrorMessages(body).map(({ field, message }) => {
    const known = CATALOGUE.find((c) => c.field === field && c.text === message);
    return known ? translate(known.key) : message;
  });
  return reasons.length ? [...new Set(reasons)] : [translate('app.alerts.unknownError')];
}
