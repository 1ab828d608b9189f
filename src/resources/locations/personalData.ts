// #40 A location's customer personal-data settings as its settings form edits them: the privacy
// policy link and the consent text (GET/PUT /api/v2.1/locations/{id}/, the contract of #40). The
// server checks both and answers DRF field errors, shown under the inputs; here only what needs no
// server: the text is required, and both inputs stop at the server's lengths.
import { TEXT_LIMITS } from '../../../domain/textLimits';

/** The server's limits: a link of at most 500 characters ('' for none), a text of 1..20000 (trimmed). */
export const PERSONAL_DATA_LIMITS = { privacyUrl: TEXT_LIMITS.privacyPolicyUrl, consentText: TEXT_LIMITS.consentText } as const;

/** The fields GET /api/v2.1/locations/{id}/ answers. */
export interface PersonalDataRecord {
  privacy_policy_url?: string;
  personal_data_consent_text?: string;
  /** Read-only: the current version (1 is the template the location started with) and when it was made. */
  personal_data_consent_version?: number;
  personal_data_consent_updated_at?: string;
}

export interface PersonalDataValues {
  privacy_policy_url: string;
  personal_data_consent_text: string;
}

export const personalDataValues = (l: PersonalDataRecord): PersonalDataValues => ({
  privacy_policy_url: l.privacy_policy_url ?? '',
  personal_data_consent_text: l.personal_data_consent_text ?? '',
});

/** The message keys of what the browser can tell (the server checks the link). */
export function personalDataErrors(v: PersonalDataValues): Partial<Record<keyof PersonalDataValues, string>> {
  return v.personal_data_consent_text.trim() ? {} : { personal_data_consent_text: 'ra.validation.required' };
}

/** The PUT body's part: both trimmed (the server compares the trimmed text to make a new version only on a change). */
export const personalDataBody = (v: PersonalDataValues): PersonalDataValues => ({
  privacy_policy_url: v.privacy_policy_url.trim(),
  personal_data_consent_text: v.personal_data_consent_text.trim(),
});

/**
 * "Start from the template" asks before it replaces the editor's text: only when there is text and it
 * is not the template already (an empty editor, or the untouched template, is filled at once).
 */
export const templateReplacesText = (current: string, template: string): boolean =>
  current.trim() !== '' && current.trim() !== template.trim();
