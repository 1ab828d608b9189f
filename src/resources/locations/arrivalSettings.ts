// #44 A location's arrival settings as its settings form edits them (GET/PUT
// /api/v2.2/locations/{id}/arrival_settings/): arrivals on or off, the grace minutes before a no-show
// and the age under which a guardian signs. The numbers are typed as text; the server checks the
// ranges (ARRIVAL_LIMITS) and answers DRF field errors, shown under the inputs.
import { REQUIRED_CONSENT_KINDS, type ConsentKind } from '../../../domain/arrivals';

/** The API's answer and body. */
export interface ArrivalSettingsRecord { arrivals_enabled: boolean; grace_minutes: number; minor_age: number }

export interface ArrivalValues { arrivals_enabled: boolean; grace_minutes: string; minor_age: string }

export const arrivalValues = (r: ArrivalSettingsRecord): ArrivalValues =>
  ({ arrivals_enabled: r.arrivals_enabled, grace_minutes: String(r.grace_minutes), minor_age: String(r.minor_age) });

/** A whole number typed is sent as a number; anything else as typed, for the server to name what is wrong. */
const numberOrTyped = (typed: string): number | string => (/^\s*-?\d+\s*$/.test(typed) ? Number(typed) : typed.trim());

/** The PUT body (the write takes all three). */
export const arrivalBody = (v: ArrivalValues) => ({ arrivals_enabled: v.arrivals_enabled, grace_minutes: numberOrTyped(v.grace_minutes), minor_age: numberOrTyped(v.minor_age) });

/** Whether the values differ from what was read (the form saves them only then). */
export const arrivalsChanged = (read: ArrivalSettingsRecord, v: ArrivalValues): boolean =>
  JSON.stringify(arrivalBody(arrivalValues(read))) !== JSON.stringify(arrivalBody(v));

/** The required documents guests would not sign (none published: absent, or no complete version), in the order they read them. */
export function unpublishedRequired(docs: readonly { kind: ConsentKind; published_version: number | null }[]): ConsentKind[] {
  return REQUIRED_CONSENT_KINDS.filter((k) => !docs.some((d) => d.kind === k && d.published_version !== null));
}
