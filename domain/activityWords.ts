// #42 An activity entry in words, in ru and en: every recorded field by its name and every value as
// people read it (domain/activity.ts declares each field's kind of value), never a key, a code or an
// id. The Activity screen writes its "before" and "after" with activityField/activityValue; the
// server refuses to record an entry `activityProblems` finds fault with (recordEffects, outside
// production), so a new write that records an id or an undeclared field fails its tests.
import { ACTIVITY_CHANGE_FIELDS, ACTIVITY_KIND_LABELS, type ActivityField, type ActivityValue } from './activity';
import { LANGUAGES, type Language } from './constants';
import { formatDay, timeZoneName } from './dates';
import { CERTIFICATE_DESIGN_LABELS, type EnumLabels, type Label } from './enumLabels';
import { formatAgeRatings, type AgeRating } from './games';
import { formatAmount, formatMoney, type Currency } from './money';

export interface ActivityContext {
  lang: Language;
  /** The location's money (null: amounts without a sign). */
  currency: Currency | null;
  /** The screen's messages, for codes whose words live there (`{ messages }` fields). */
  translate: (key: string, options?: Record<string, unknown>) => string;
}

/** The words of the values themselves. */
export const ACTIVITY_WORDS = {
  yes: { ru: 'да', en: 'yes' },
  no: { ru: 'нет', en: 'no' },
  none: { ru: 'нет', en: 'none' },
  minutes: { ru: '%{n} мин', en: '%{n} min' },
  session: { ru: 'сеанс %{n} мин', en: '%{n}-min sessions' },
  from: { ru: 'с %{time}', en: 'from %{time}' },
  perSession: { ru: 'за сеанс', en: 'per session' },
  perPerson: { ru: 'с человека', en: 'per person' },
  noPrice: { ru: 'без цены', en: 'no price' },
  prepayment: { ru: 'предоплата %{n} %', en: '%{n} % prepaid' },
  everywhere: { ru: 'все игровые зоны', en: 'every playground' },
  consent: { ru: 'версия %{version} (SHA-256 %{hash}…)', en: 'version %{version} (SHA-256 %{hash}…)' },
} satisfies Record<string, Label>;

/** Day types of a schedule row: 1 Monday ... 7 Sunday, 8 holidays, 9 pre-holidays. */
export const DAY_TYPE_SHORT: EnumLabels = {
  1: { ru: 'Пн', en: 'Mon' }, 2: { ru: 'Вт', en: 'Tue' }, 3: { ru: 'Ср', en: 'Wed' }, 4: { ru: 'Чт', en: 'Thu' },
  5: { ru: 'Пт', en: 'Fri' }, 6: { ru: 'Сб', en: 'Sat' }, 7: { ru: 'Вс', en: 'Sun' },
  8: { ru: 'праздники', en: 'holidays' }, 9: { ru: 'предпраздничные', en: 'pre-holidays' },
};

const say = (label: Label, lang: Language, args: Record<string, string | number> = {}) =>
  label[lang].replace(/%\{(\w+)\}/g, (_all, name: string) => String(args[name] ?? ''));

const FIELDS = ACTIVITY_CHANGE_FIELDS as Record<string, ActivityField>;

/** A key's declaration: a field's own, or a translation's ("en.address": the address in English). */
export function activityFieldOf(key: string): { field: ActivityField; language?: Language } | null {
  if (FIELDS[key]) return { field: FIELDS[key] };
  const [first, rest] = key.split(/\.(.*)/s) as [string, string | undefined];
  if (rest !== undefined && (LANGUAGES as readonly string[]).includes(first) && FIELDS[rest]) return { field: FIELDS[rest], language: first as Language };
  return null;
}

/** A field's name: its label, a translation's as "Адрес (en)"; an undeclared key as it is (the check refuses those). */
export function activityField(key: string, lang: Language): string {
  const found = activityFieldOf(key);
  if (!found) return key;
  return found.language ? `${found.field[lang]} (${found.language})` : found.field[lang];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A day (and its time) inside a text: "Куб 2 2026-12-07 15:00" reads "Куб 2 07.12.2026 15:00" (#41: a booking's sessions). */
const DAY_IN_TEXT = /\b(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
const withReadableDays = (text: string) => text.replace(DAY_IN_TEXT, (_all, d: string, time?: string) => (time ? `${formatDay(d)} ${time}` : formatDay(d)));

const isDecimal = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && DECIMAL.test(v));
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

interface PriceRow { start?: string; session_price?: string | null; personal_price?: string | null; prepayment?: string | number | null }
interface ScheduleRow { begin?: string; end?: string; duration?: number; day_types?: number[]; pricing?: PriceRow[]; breaks?: unknown[] }
interface BreakRow { start?: string; duration?: number; date?: string | null }

/** Day types as runs: "Пн–Пт, праздники". */
function daysText(types: readonly number[], lang: Language): string {
  const week = [...new Set(types.filter((t) => t >= 1 && t <= 7))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < week.length;) {
    let j = i;
    while (j + 1 < week.length && week[j + 1] === week[j]! + 1) j++;
    const [a, b] = [DAY_TYPE_SHORT[week[i]!]![lang], DAY_TYPE_SHORT[week[j]!]![lang]];
    parts.push(j - i >= 2 ? `${a}–${b}` : j > i ? `${a}, ${b}` : a);
    i = j + 1;
  }
  for (const t of [8, 9]) if (types.includes(t)) parts.push(DAY_TYPE_SHORT[t]![lang]);
  return parts.join(', ');
}

function priceText(row: PriceRow, ctx: ActivityContext): string {
  const personal = row.personal_price !== null && row.personal_price !== undefined && row.personal_price !== '';
  const amount = personal ? row.personal_price : row.session_price;
  const price = amount === null || amount === undefined || amount === ''
    ? ACTIVITY_WORDS.noPrice[ctx.lang]
    : `${formatMoney(String(amount), ctx.currency, ctx.lang)} ${(personal ? ACTIVITY_WORDS.perPerson : ACTIVITY_WORDS.perSession)[ctx.lang]}`;
  const prepaid = row.prepayment === null || row.prepayment === undefined ? '' : `, ${say(ACTIVITY_WORDS.prepayment, ctx.lang, { n: formatAmount(String(Math.round(Number(row.prepayment) * 10000) / 100), ctx.lang).replace(/[.,]00$/, '') })}`;
  return `${say(ACTIVITY_WORDS.from, ctx.lang, { time: row.start ?? '' })} — ${price}${prepaid}`;
}

/** One schedule row: "Пн–Пт 10:00–22:00, сеанс 60 мин: с 10:00 — 2 000,00 ₽ за сеанс, предоплата 50 %; ...". */
function scheduleRowText(item: ScheduleRow, ctx: ActivityContext): string {
  const head = `${daysText(item.day_types ?? [], ctx.lang)} ${item.begin ?? ''}–${item.end ?? ''}, ${say(ACTIVITY_WORDS.session, ctx.lang, { n: item.duration ?? '' })}`;
  const prices = (item.pricing ?? []).map((p) => priceText(p, ctx)).join('; ');
  const breaks = item.breaks?.length ? ` (${breaksText(item.breaks as BreakRow[], ctx.lang)})` : '';
  return `${head}${breaks}: ${prices || ACTIVITY_WORDS.noPrice[ctx.lang]}`;
}

const breaksText = (breaks: readonly BreakRow[], lang: Language) => (breaks.length
  ? breaks.map((b) => `${b.start ?? ''}, ${say(ACTIVITY_WORDS.minutes, lang, { n: b.duration ?? '' })}${b.date ? ` (${formatDay(b.date)})` : ''}`).join('; ')
  : ACTIVITY_WORDS.none[lang]);

function codeWords(value: unknown, kind: Extract<ActivityValue, { codes: unknown }>, ctx: ActivityContext): string | null {
  if ('messages' in kind) {
    if (!kind.codes.map(String).includes(String(value))) return null;
    return ctx.translate(`${kind.messages}${String(value)}`);
  }
  return (kind.codes as EnumLabels)[String(value)]?.[ctx.lang] ?? null;
}

/** One value as people read it ("—" for none). A value its kind does not fit reads as it is: the check below refuses such an entry. */
export function activityValue(key: string, value: unknown, ctx: ActivityContext): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = activityFieldOf(key)?.field.value;
  const raw = () => (typeof value === 'string' ? value : JSON.stringify(value));
  if (!kind) return raw();
  if (typeof kind === 'object') {
    if (kind.many) return Array.isArray(value) ? (value.length ? value.map((v) => codeWords(v, kind, ctx) ?? String(v)).join(', ') : ACTIVITY_WORDS.none[ctx.lang]) : raw();
    return codeWords(value, kind, ctx) ?? raw();
  }
  switch (kind) {
    case 'text': return typeof value === 'string' ? value : raw();
    case 'sessions': return typeof value === 'string' ? withReadableDays(value) : raw();
    case 'money': return isDecimal(value) ? formatMoney(String(value), ctx.currency, ctx.lang) : raw();
    case 'count': case 'number': return isDecimal(value) ? formatAmount(String(value), ctx.lang).replace(/[.,]00$/, '') : raw();
    case 'percent': return isDecimal(value) ? `${String(value)} %` : raw();
    case 'day': return typeof value === 'string' && DAY.test(value) ? formatDay(value) : raw();
    case 'time': return raw();
    case 'place': return typeof value === 'string' ? value : isObject(value) && typeof value[ctx.lang] === 'string' ? String(value[ctx.lang]) : raw();
    case 'ref': return Number.isInteger(value) ? `#${String(value)}` : raw();
    case 'yesno': return typeof value === 'boolean' ? (value ? ACTIVITY_WORDS.yes : ACTIVITY_WORDS.no)[ctx.lang] : raw();
    case 'texts': return Array.isArray(value) ? (value.length ? value.join(', ') : ACTIVITY_WORDS.none[ctx.lang]) : raw();
    case 'timezone': return typeof value === 'string' ? timeZoneName(value, ctx.lang) : raw();
    case 'currency': return raw();
    case 'promo_discount':
      if (!isDecimal(value)) return raw();
      return Number(value) < 1 ? `${formatAmount(String(Math.round(Number(value) * 10000) / 100), ctx.lang).replace(/[.,]00$/, '')} %` : formatMoney(String(value), ctx.currency, ctx.lang);
    case 'design': return typeof value === 'string' ? (CERTIFICATE_DESIGN_LABELS as EnumLabels)[value]?.[ctx.lang] ?? value : raw();
    case 'offers': return Array.isArray(value)
      ? (value.length ? (value as { game: string; playgrounds: string[] | null }[]).map((o) => `${o.game} (${o.playgrounds ? o.playgrounds.join(', ') : ACTIVITY_WORDS.everywhere[ctx.lang]})`).join('; ') : ACTIVITY_WORDS.none[ctx.lang])
      : raw();
    case 'schedule_items': return Array.isArray(value) ? (value.length ? value.map((item) => scheduleRowText(item as ScheduleRow, ctx)).join('\n') : ACTIVITY_WORDS.none[ctx.lang]) : raw();
    case 'breaks': return Array.isArray(value) ? breaksText(value as BreakRow[], ctx.lang) : raw();
    case 'age_ratings': return Array.isArray(value) ? (value.length ? formatAgeRatings(value as AgeRating[]) : ACTIVITY_WORDS.none[ctx.lang]) : raw();
    case 'consent': {
      if (!isObject(value)) return raw();
      return say(ACTIVITY_WORDS.consent, ctx.lang, { version: String(value.version), hash: String(value.text_hash ?? '').slice(0, 12) });
    }
  }
  return raw();
}

/** Whether a value fits its kind (null always does: "—"). */
function fits(kind: ActivityValue, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof kind === 'object') {
    const known = (v: unknown) => ('messages' in kind ? kind.codes.map(String) : Object.keys(kind.codes)).includes(String(v));
    return kind.many ? Array.isArray(value) && value.every(known) : known(value);
  }
  switch (kind) {
    // A name is a text: a number (an id) where a name belongs is refused.
    case 'text': case 'sessions': case 'design': return typeof value === 'string';
    case 'money': case 'number': case 'promo_discount': return isDecimal(value);
    case 'count': case 'ref': return Number.isInteger(value);
    case 'percent': return isDecimal(value) && Number(value) >= 0 && Number(value) <= 100;
    case 'day': return typeof value === 'string' && DAY.test(value);
    case 'time': return typeof value === 'string' && TIME.test(value);
    case 'yesno': return typeof value === 'boolean';
    case 'texts': return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'timezone': return typeof value === 'string' && (value.includes('/') || value === 'UTC');
    case 'currency': return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
    case 'schedule_items': return Array.isArray(value) && value.every((i) => isObject(i) && TIME.test(String(i.begin)) && Array.isArray(i.day_types) && Array.isArray(i.pricing)
      && (i.pricing as unknown[]).every((p) => isObject(p) && !('currency_id' in p)));
    case 'breaks': return Array.isArray(value) && value.every((b) => isObject(b) && TIME.test(String(b.start)));
    case 'offers': return Array.isArray(value) && value.every((o) => isObject(o) && typeof o.game === 'string'
      && (o.playgrounds === null || (Array.isArray(o.playgrounds) && o.playgrounds.every((p) => typeof p === 'string'))));
    case 'age_ratings': return Array.isArray(value) && value.every((r) => isObject(r) && typeof r.country === 'string' && Number.isInteger(r.age));
    case 'consent': return isObject(value) && Number.isInteger(value.version);
    case 'place': return typeof value === 'string' || (isObject(value) && typeof value.ru === 'string' && typeof value.en === 'string');
  }
  return false;
}

export interface RecordedEntry { kind: string; subject: string; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }

/**
 * What keeps an entry from reading in words: a kind without its words, a field not declared, a value
 * its field's kind does not fit (a number, an id, where a name belongs; a code without words). Empty:
 * the entry reads in words in ru and en. (The subject is a name people typed, checked by the tests:
 * `subjectProblem`.)
 */
export function activityProblems(e: RecordedEntry): string[] {
  const out: string[] = [];
  if (!(e.kind in ACTIVITY_KIND_LABELS)) out.push(`kind ${e.kind} has no words in ACTIVITY_KIND_LABELS (domain/activity.ts)`);
  if (typeof e.subject !== 'string') out.push(`${e.kind}: the subject is not a text`);
  for (const [side, fields] of [['before', e.before], ['after', e.after]] as const) {
    for (const [key, value] of Object.entries(fields ?? {})) {
      const found = activityFieldOf(key);
      if (!found) out.push(`${e.kind}: ${side}.${key} is not a declared field: add it with its words and kind of value to ACTIVITY_CHANGE_FIELDS (domain/activity.ts)`);
      else if (!fits(found.field.value, value)) {
        out.push(`${e.kind}: ${side}.${key} = ${JSON.stringify(value)?.slice(0, 120)} does not fit its kind (${JSON.stringify(found.field.value).slice(0, 60)}): record a name, not an id; a declared code; a value of that kind`);
      }
    }
  }
  return out;
}

/**
 * A subject made of a number or a code ("2", "games: 1", "certificate design Classic"), where the
 * tests' own names (never bare numbers, never lower-case English) are expected: what the code wrote
 * around a name, not what a person typed. An order or a payment is named "#id".
 */
export function subjectProblem(subject: string, kind = ''): string | null {
  // A built-in certificate design is named by its code and read by its words (the log's "what" says them).
  if (kind.startsWith('certificate_design.') && subject in CERTIFICATE_DESIGN_LABELS) return null;
  if (/^\s*\d+\s*$/.test(subject) || /^[a-z_]+: /.test(subject) || /^[a-z]+ [a-z]+ /.test(subject) || /^[a-z]+$/.test(subject)) {
    return `the subject ${JSON.stringify(subject)} is a number or a code: name the thing as people name it (an order as #id, else its name)`;
  }
  return null;
}
