// #42 Whether an activity entry reads in words, in ru and in en, as the Activity screen writes it
// (domain/activityWords.ts): the tests that make changes (every declared write, the bookings and
// money of the hand-written routes) run every entry they wrote through it, and the unit test every
// declared kind and field. A problem names the entry, the field and what a person would read.
import { ACTIVITY_KIND_LABELS, type ActivityValue } from '../../domain/activity';
import { activityField, activityFieldOf, activityProblems, activityValue, subjectProblem, type ActivityContext } from '../../domain/activityWords';
import type { Language } from '../../domain/constants';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';

const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
const MESSAGES: Record<Language, unknown> = { ru: ruMessages, en: enMessages };

/** The screen's translate over the real messages (a missing key answers itself, as polyglot does). */
export function translateIn(lang: Language) {
  return (key: string, options: Record<string, unknown> = {}): string => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), MESSAGES[lang]);
    if (typeof found !== 'string') return key;
    return found.replace(/%\{(\w+)\}/g, (_all, name: string) => String(options[name] ?? ''));
  };
}

export const contextIn = (lang: Language): ActivityContext => ({ lang, currency: RUB, translate: translateIn(lang) });

/** Kinds of value that are numbers people read as numbers (a count, a size, a coordinate). */
const NUMERIC: readonly ActivityValue[] = ['count', 'number', 'percent'];

/** What a person would read that is not a word: a key, a code, an id, JSON, a message key. */
export function readingProblems(e: { kind: string; subject: string; before?: unknown; after?: unknown }, opts: { subjects?: boolean } = {}): string[] {
  const out = activityProblems({ kind: e.kind, subject: e.subject, before: e.before as Record<string, unknown> | null, after: e.after as Record<string, unknown> | null });
  if (opts.subjects !== false) {
    const subject = subjectProblem(e.subject, e.kind);
    if (subject) out.push(`${e.kind}: ${subject}`);
  }
  for (const lang of ['ru', 'en'] as const) {
    const ctx = contextIn(lang);
    const label = (ACTIVITY_KIND_LABELS as Record<string, { ru: string; en: string }>)[e.kind]?.[lang];
    if (!label || label === e.kind) out.push(`${e.kind} (${lang}): the kind has no words`);
    for (const [side, fields] of [['before', e.before], ['after', e.after]] as const) {
      for (const [key, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
        const name = activityField(key, lang);
        const text = activityValue(key, value, ctx);
        const kind = activityFieldOf(key)?.field.value;
        const where = `${e.kind} ${side}.${key} (${lang}) reads "${name}: ${text}"`;
        if (name === key) out.push(`${where}: the field's name is its key`);
        if (/^[[{]/.test(text)) out.push(`${where}: JSON where words belong`);
        if (/\b(?:app|resources|ra)\.[a-z]+\./i.test(text)) out.push(`${where}: a message key where words belong`);
        if (/^\d+$/.test(text) && kind && !NUMERIC.includes(kind)) out.push(`${where}: a bare number (an id or a code) where a name or words belong`);
        // A code without its words is refused by activityProblems (not a declared code), a missing message reads as its key (above).
        if (kind && typeof kind === 'object' && typeof value === 'string' && /_/.test(value) && text.includes(value)) out.push(`${where}: a code without its words`);
        if (/\b(true|false|null|undefined)\b/.test(text)) out.push(`${where}: a programmer's word`);
      }
    }
  }
  return out;
}
