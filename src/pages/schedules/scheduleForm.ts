// The schedule editor's form: what the inputs hold (text, as typed), the rules of the specs
// (LM §5) as message keys per field path, and the conversion to and from the API's schedule.
// Pure: no React, so tests/unit can prove the rules.
import { isDate, isTime } from '../../../domain/businessDay';
import type { PricingRow, Schedule, ScheduleBreak, ScheduleItem } from '../../../domain/schedule/types';

export type PriceKind = 'session' | 'person';

export interface BreakForm {
  start: string;
  duration: string;
  /** 'YYYY-MM-DD' for a one-off break, '' for every day. */
  date: string;
}

export interface PricingForm {
  kind: PriceKind;
  price: string;
  /** Percent, 0-100, as typed. */
  prepayment: string;
  start: string;
  currency_id: number | null;
}

export interface ItemForm {
  begin: string;
  end: string;
  duration: string;
  overlap: string;
  day_types: number[];
  breaks: BreakForm[];
  pricing: PricingForm[];
}

export interface ScheduleForm {
  name: string;
  start_dt: string;
  disabled: boolean;
  playground_group: number | null;
  breaks: BreakForm[];
  items: ItemForm[];
}

/** A message key (with its arguments) for one field path such as `items.0.pricing.1.start`. */
export interface FieldMessage {
  key: string;
  args?: Record<string, unknown>;
}
export type FormErrors = Record<string, FieldMessage>;

/** validationPrice: digits with a comma or dot, 1 to 20 characters. */
export const PRICE_PATTERN = /^\d+([.,]\d+)?$/;
export const PRICE_MAX_LENGTH = 20;
/** A price as typed, without the spaces that group its digits as the screens show them ("1 500" is 1500). */
const priceText = (typed: string) => typed.replace(/[\s\u00a0\u202f]/g, '');

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const WEEKEND = [6, 7];

export const emptyBreak = (): BreakForm => ({ start: '', duration: '30', date: '' });

/** #42 `prepayment`: '0' where the location takes no money online (the editor asks the checklist), '100' where it does. */
export const emptyPricing = (start = '', prepayment = '100'): PricingForm => ({ kind: 'session', price: '', prepayment, start, currency_id: null });

export function emptyItem(duration = 60, dayTypes: number[] = [], prepayment = '100'): ItemForm {
  return {
    begin: '10:00', end: '22:00', duration: String(duration), overlap: '0', day_types: dayTypes, breaks: [],
    pricing: [emptyPricing('10:00', prepayment)],
  };
}

export function emptySchedule(group: number | null, duration = 60, prepayment = '100'): ScheduleForm {
  return { name: '', start_dt: '', disabled: false, playground_group: group, breaks: [], items: [emptyItem(duration, [], prepayment)] };
}

/**
 * #42 A group's first schedule, the one a new venue makes: it starts on the location's today and its
 * first row runs every day, so a schedule saved with just a name and a price sells at once. A later
 * schedule of the group keeps both empty: its start and days are a decision, not a default.
 */
export function firstScheduleOf(form: ScheduleForm, today: string | null): ScheduleForm {
  if (!today) return form;
  return { ...form, start_dt: today, items: form.items.map((item, i) => (i === 0 ? { ...item, day_types: [...WEEKDAYS, ...WEEKEND] } : item)) };
}

/** #42 A price row asks a prepayment (above 0 %): the widget needs online payments for it. */
export const asksPrepayment = (form: Pick<ScheduleForm, 'items'>): boolean =>
  form.items.some((i) => i.pricing.some((r) => Number(r.prepayment.trim().replace(',', '.')) > 0));

const trimInt = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v.trim()) : NaN);

/** Prepayment fraction '0.5' -> '50' (whole percents; the server keeps two decimals of the fraction). */
export function percentOf(fraction: string | number): string {
  const n = Number(fraction);
  return Number.isFinite(n) ? String(Math.round(n * 10000) / 100) : '';
}

function breakForm(b: ScheduleBreak): BreakForm {
  return { start: b.start, duration: String(b.duration), date: b.date ?? '' };
}

export function formOf(s: Schedule): ScheduleForm {
  return {
    name: s.name,
    start_dt: s.start_dt,
    disabled: s.disabled,
    playground_group: s.playground_group,
    breaks: s.breaks.map(breakForm),
    items: s.items.map((item) => ({
      begin: item.begin,
      end: item.end,
      duration: String(item.duration),
      overlap: String(item.overlap),
      day_types: [...item.day_types].sort((a, b) => a - b),
      breaks: item.breaks.map(breakForm),
      pricing: item.pricing.map((row) => ({
        kind: row.personal_price !== null ? 'person' : 'session',
        price: row.personal_price ?? row.session_price ?? '',
        prepayment: percentOf(row.prepayment),
        start: row.start,
        currency_id: row.currency_id,
      })),
    })),
  };
}

function breakPayload(b: BreakForm): ScheduleBreak {
  return { start: b.start, duration: trimInt(b.duration), date: b.date || null };
}

function pricingPayload(row: PricingForm): Omit<PricingRow, 'prepayment'> & { prepayment: number } {
  const price = priceText(row.price);
  return {
    currency_id: row.currency_id,
    session_price: row.kind === 'session' ? price : null,
    personal_price: row.kind === 'person' ? price : null,
    prepayment: Number(row.prepayment.trim()) / 100,
    start: row.start,
  };
}

/** The grid the check call and the save send: breaks and items. */
export function gridPayload(form: ScheduleForm): { breaks: ScheduleBreak[]; items: ScheduleItem[] } {
  return {
    breaks: form.breaks.map(breakPayload),
    items: form.items.map((item) => ({
      begin: item.begin,
      end: item.end,
      duration: trimInt(item.duration),
      overlap: trimInt(item.overlap),
      day_types: [...item.day_types].sort((a, b) => a - b),
      breaks: item.breaks.map(breakPayload),
      pricing: item.pricing.map(pricingPayload) as unknown as PricingRow[],
    })),
  };
}

export function schedulePayload(form: ScheduleForm, location: number) {
  return {
    name: form.name.trim(),
    start_dt: form.start_dt,
    disabled: form.disabled,
    playground_group: form.playground_group,
    location,
    ...gridPayload(form),
  };
}

function validateBreaks(breaks: BreakForm[], prefix: string, errors: FormErrors) {
  breaks.forEach((b, i) => {
    if (!isTime(b.start)) errors[`${prefix}.${i}.start`] = { key: 'validation.validationBreakStart' };
    const duration = trimInt(b.duration);
    if (!b.duration.trim()) errors[`${prefix}.${i}.duration`] = { key: 'validation.validationRequired' };
    else if (!(duration >= 1)) errors[`${prefix}.${i}.duration`] = { key: 'validation.validationMinValue', args: { min: 1 } };
    if (b.date && !isDate(b.date)) errors[`${prefix}.${i}.date`] = { key: 'app.scheduleEditor.errors.date' };
  });
}

function validatePricing(rows: PricingForm[], prefix: string, errors: FormErrors) {
  const seen = new Set<string>();
  rows.forEach((row, j) => {
    const path = `${prefix}.${j}`;
    const price = priceText(row.price);
    if (!price) errors[`${path}.price`] = { key: 'validation.validationRequired' };
    // #42 A negative price says so (the server refuses it the same way).
    else if (/^-\d/.test(price)) errors[`${path}.price`] = { key: 'app.words.prices.negative' };
    else if (price.length > PRICE_MAX_LENGTH || !PRICE_PATTERN.test(price)) errors[`${path}.price`] = { key: 'validation.validationPrice' };
    const prepayment = row.prepayment.trim();
    if (!prepayment) errors[`${path}.prepayment`] = { key: 'validation.validationRequired' };
    else if (!/^-?\d+$/.test(prepayment)) errors[`${path}.prepayment`] = { key: 'app.scheduleEditor.errors.percent' };
    else if (Number(prepayment) < 0) errors[`${path}.prepayment`] = { key: 'validation.validationMinValue', args: { min: 0 } };
    else if (Number(prepayment) > 100) errors[`${path}.prepayment`] = { key: 'validation.validationMaxValue', args: { max: 100 } };
    if (!isTime(row.start)) errors[`${path}.start`] = { key: 'validation.validationRequired' };
    else if (seen.has(row.start)) errors[`${path}.start`] = { key: 'validation.validationPricingTimeUnique' };
    else seen.add(row.start);
  });
}

/** #42 The pricing rows priced 0 (free sessions): the editor asks before saving them. */
export function freeRows(form: ScheduleForm): { item: number; start: string }[] {
  return form.items.flatMap((item, i) => item.pricing
    .filter((row) => PRICE_PATTERN.test(priceText(row.price)) && Number(priceText(row.price).replace(',', '.')) === 0)
    .map((row) => ({ item: i + 1, start: row.start })));
}

/** Every rule of the form; an empty object means the form may be saved. */
export function validateSchedule(form: ScheduleForm): FormErrors {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = { key: 'validation.validationScheduleName' };
  if (!isDate(form.start_dt)) errors.start_dt = { key: 'validation.validationRequired' };
  if (form.playground_group === null) errors.playground_group = { key: 'validation.validationRequired' };
  validateBreaks(form.breaks, 'breaks', errors);
  form.items.forEach((item, i) => {
    const p = `items.${i}`;
    if (!isTime(item.begin)) errors[`${p}.begin`] = { key: 'validation.validationRequired' };
    if (!isTime(item.end)) errors[`${p}.end`] = { key: 'validation.validationRequired' };
    const duration = trimInt(item.duration);
    const overlap = trimInt(item.overlap);
    if (!item.duration.trim()) errors[`${p}.duration`] = { key: 'validation.validationRequired' };
    else if (!(duration >= 1)) errors[`${p}.duration`] = { key: 'validation.validationMinValue', args: { min: 1 } };
    if (!item.overlap.trim()) errors[`${p}.overlap`] = { key: 'validation.validationRequired' };
    else if (!(overlap >= 0)) errors[`${p}.overlap`] = { key: 'validation.validationMinValue', args: { min: 0 } };
    else if (duration >= 1 && overlap >= duration) errors[`${p}.overlap`] = { key: 'app.scheduleEditor.errors.overlap' };
    if (item.day_types.length === 0) errors[`${p}.day_types`] = { key: 'app.scheduleEditor.errors.dayTypes' };
    validateBreaks(item.breaks, `${p}.breaks`, errors);
    if (item.pricing.length === 0) errors[`${p}.pricing`] = { key: 'app.scheduleEditor.errors.pricing' };
    validatePricing(item.pricing, `${p}.pricing`, errors);
  });
  return errors;
}

/** The form's field name for a server field (the form shows one price input per row). */
const FIELD_ALIASES: Record<string, string> = { session_price: 'price', personal_price: 'price' };

/**
 * A nested DRF error body as field paths: `{items: [{}, {pricing: [{start: ['m']}]}]}` gives
 * `{'items.1.pricing.0.start': 'm'}` (the first message of each field).
 */
export function flattenErrors(body: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(body)) {
    if (typeof body[0] === 'string') {
      if (prefix) out[prefix] = body[0];
      return out;
    }
    body.forEach((entry, i) => Object.assign(out, flattenErrors(entry, prefix ? `${prefix}.${i}` : String(i))));
    return out;
  }
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const field = FIELD_ALIASES[key] ?? key;
      Object.assign(out, flattenErrors(value, prefix ? `${prefix}.${field}` : field));
    }
  }
  return out;
}

function firstString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstString(v);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const found = firstString(v);
      if (found) return found;
    }
  }
  return null;
}

/** LM §8: a schedule save error shows the first string found in the items' pricing errors. */
export function firstPricingError(body: unknown): string | null {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  for (const item of items) {
    const found = firstString((item as { pricing?: unknown } | null)?.pricing);
    if (found) return found;
  }
  return null;
}

/** The tab that holds a field path: items live on the Schedule tab, the rest on Info. */
export const tabOf = (path: string): 'info' | 'grid' => (path.startsWith('items') ? 'grid' : 'info');
