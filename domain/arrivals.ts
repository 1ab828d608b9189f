// #44 Arrival: a location's consent documents, an order's participants and their signatures, the
// desk's check-in and the no-show flag. The rules both sides read: which documents there are and which
// are required, what a personal-data consent must say (152-FZ art. 9 part 4) before it can be
// published, who is a minor, who may undo a check-in or check in past a block. No React, no Node.
import type { EnumLabels } from './enumLabels';
import { CONSENT_PLACEHOLDER } from './consentTemplate';

export const CONSENT_KINDS = ['personal_data', 'rules', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The documents every participant signs before check-in; marketing is offered, never required. */
export const REQUIRED_CONSENT_KINDS: readonly ConsentKind[] = ['personal_data', 'rules'];
export const isRequiredKind = (kind: string): boolean => (REQUIRED_CONSENT_KINDS as readonly string[]).includes(kind);

/**
 * A document's title by its kind, in both languages. The rules are "rules and briefing", never a
 * waiver: under Russian consumer law (ЗоЗПП art. 16) a waiver of the venue's liability is void.
 */
export const CONSENT_KIND_LABELS = {
  personal_data: { ru: 'Согласие на обработку персональных данных', en: 'Consent to the processing of personal data' },
  rules: { ru: 'Правила посещения и инструктаж', en: 'Visitor rules and safety briefing' },
  marketing: { ru: 'Согласие на рекламные рассылки', en: 'Consent to marketing messages' },
} as const satisfies EnumLabels;

/** The facts a personal-data consent must name (152-FZ art. 9 part 4), in the order a form asks them. */
export const PERSONAL_DATA_DETAILS = ['operator', 'inn', 'address', 'purposes', 'data', 'actions', 'term', 'withdrawal'] as const;
export type PersonalDataDetail = (typeof PERSONAL_DATA_DETAILS)[number];
export type ConsentDetails = Partial<Record<PersonalDataDetail, string>>;

export const PERSONAL_DATA_DETAIL_LABELS = {
  operator: { ru: 'Оператор (юрлицо или ИП)', en: 'Operator (company or sole proprietor)' },
  inn: { ru: 'ИНН оператора', en: 'Operator\u2019s INN' },
  address: { ru: 'Адрес оператора', en: 'Operator\u2019s address' },
  purposes: { ru: 'Цели обработки', en: 'Purposes' },
  data: { ru: 'Перечень данных', en: 'The data' },
  actions: { ru: 'Действия с данными', en: 'Actions with the data' },
  term: { ru: 'Срок действия согласия', en: 'Term' },
  withdrawal: { ru: 'Как отозвать согласие', en: 'How to withdraw' },
} as const satisfies EnumLabels;

/** A Russian taxpayer number: 10 digits (a company) or 12 (a person), with its check digits. */
export function innValid(inn: string): boolean {
  const d = inn.split('').map(Number);
  const check = (weights: number[]) => (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;
  if (/^\d{10}$/.test(inn)) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  if (/^\d{12}$/.test(inn)) return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
  return false;
}

/** Why a version cannot be published: a field (`text_ru`, `details.inn`, ...) and the reason's key. */
export type ConsentProblem = { field: string; problem: 'required' | 'inn_invalid' | 'placeholders' | 'operator_not_in_text' | 'inn_not_in_text' };

export interface ConsentVersionInput {
  text_ru: string;
  text_en: string;
  details?: ConsentDetails | null;
}

/**
 * What keeps a version from being published (none: it may be). Every document needs both texts with
 * no place left in square brackets; a personal-data consent needs each fact the law expects, a valid
 * INN, a Russian text that names the operator and texts that give its INN as the facts do (the text is
 * what is signed).
 */
export function consentProblems(kind: ConsentKind, v: ConsentVersionInput): ConsentProblem[] {
  const out: ConsentProblem[] = [];
  for (const field of ['text_ru', 'text_en'] as const) {
    const text = v[field].trim();
    if (!text) out.push({ field, problem: 'required' });
    else if (new RegExp(CONSENT_PLACEHOLDER.source).test(text)) out.push({ field, problem: 'placeholders' });
  }
  if (kind !== 'personal_data') return out;
  const details = v.details ?? {};
  for (const key of PERSONAL_DATA_DETAILS) if (!details[key]?.trim()) out.push({ field: `details.${key}`, problem: 'required' });
  const inn = details.inn?.trim() ?? '';
  if (inn && !innValid(inn)) out.push({ field: 'details.inn', problem: 'inn_invalid' });
  const operator = details.operator?.trim() ?? '';
  // The operator's name as registered is Russian (the English text may translate it); its INN reads the same in both.
  for (const field of ['text_ru', 'text_en'] as const) {
    const text = v[field];
    if (!text.trim() || out.some((p) => p.field === field)) continue;
    if (field === 'text_ru' && operator && !text.includes(operator)) out.push({ field, problem: 'operator_not_in_text' });
    else if (inn && innValid(inn) && !text.includes(inn)) out.push({ field, problem: 'inn_not_in_text' });
  }
  return out;
}

/** Age in whole years on a day ('YYYY-MM-DD' both). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A minor by the location's age setting (default 18), on the session's day. */
export const isMinor = (birthDate: string, day: string, minorAge: number): boolean => ageOn(birthDate, day) < minorAge;

/** The first name the guest's page shows of another participant: the first word of their name. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** Whoever checked a guest in may undo it this long; later, or anyone else, role 20 or more. */
export const CHECK_IN_UNDO_MINUTES = 5;
/** The role that undoes anyone's check-in at any time and checks in past a block with a reason. */
export const CHECK_IN_MANAGER_ROLE = 20;
/** The guest's link stops signing this long after the session's start. */
export const SIGNING_HOURS_AFTER_SESSION = 24;

/** The bounds of the arrival settings. */
export const ARRIVAL_LIMITS = { grace_minutes: { min: 0, max: 240 }, minor_age: { min: 14, max: 21 } } as const;

/** Whether a check-in may be undone by this person now. */
export function mayUndoCheckIn(p: { checkedInBy: number | null; checkedInAtMs: number }, by: { userId: number; roleValue: number }, nowMs: number): boolean {
  if (by.roleValue >= CHECK_IN_MANAGER_ROLE) return true;
  return p.checkedInBy === by.userId && nowMs - p.checkedInAtMs <= CHECK_IN_UNDO_MINUTES * 60_000;
}

/** Turns a QR code's text (the arrival link, or its key alone) into the order's key, or null. */
export function arrivalKeyOf(code: string): string | null {
  const m = /(?:^|\/arrival\/)([1-9]\d{0,15}-[0-9a-f]{32})(?:[/?#]|$)/.exec(code.trim());
  return m ? m[1]! : null;
}
