// #42 The activity log in words, as a class: every declared kind has its words in ru and en and is
// written somewhere in the server; every declared field has its name in both languages, and a value
// of its kind (every code of a code field) reads in words, never a key, a code, an id or JSON; the
// check that guards what the server records refuses an id where a name belongs, an undeclared field,
// a code without words. tests/api/activity-words.test.ts and the three activity-writing API files
// run every entry their changes wrote through the same reading (tests/api/activityReading.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_CHANGE_FIELDS, ACTIVITY_KIND_LABELS, type ActivityField, type ActivityValue } from '../../domain/activity';
import { activityProblems, activityValue, subjectProblem } from '../../domain/activityWords';
import type { EnumLabels } from '../../domain/enumLabels';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage ??= { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});
const { contextIn, readingProblems } = await import('../api/activityReading');

/** Every .ts file of the server, as one text. */
function serverSource(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !p.includes(`${path.sep}seed${path.sep}`)) out.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(path.resolve(__dirname, '../../server'));
  return out.join('\n');
}

/** A value of each kind, as a write records it. */
function samples(kind: ActivityValue): unknown[] {
  if (typeof kind === 'object') {
    const codes = 'messages' in kind ? [...kind.codes] : Object.keys(kind.codes as EnumLabels).map((c) => (/^\d+$/.test(c) ? Number(c) : c));
    return kind.many ? [codes, []] : codes;
  }
  const one: Record<Exclude<ActivityValue, object>, unknown[]> = {
    text: ['Куб 1', 'VR Arena'], sessions: ['Куб 2 2030-05-06 11:00; Куб 2 2030-05-06 12:00'], money: ['1500.00', '-100.00'], count: [3, 0], number: ['55.75', 37.61],
    percent: [7, '12.5'], day: ['2030-05-06'], time: ['10:00'], yesno: [true, false], texts: [['Beat Saber', 'Half-Life'], []], timezone: ['Europe/Moscow', 'Asia/Almaty'],
    currency: ['RUB'], place: ['Казань', { ru: 'Казань', en: 'Kazan' }], ref: [932], promo_discount: ['0.15', '500.00'], design: ['classic', 'Мой дизайн'],
    offers: [[{ game: 'Beat Saber', playgrounds: null }, { game: 'Half-Life', playgrounds: ['Куб 1'] }], []],
    schedule_items: [[{ begin: '10:00', end: '22:00', duration: 60, overlap: 0, day_types: [1, 2, 3, 4, 5, 8], breaks: [{ start: '14:00', duration: 30 }],
      pricing: [{ start: '10:00', session_price: '2000', personal_price: null, prepayment: '0.5' }, { start: '18:00', session_price: null, personal_price: '700', prepayment: '1' }] }]],
    breaks: [[{ start: '14:00', duration: 30, date: null }, { start: '18:00', duration: 15, date: '2030-05-06' }], []],
    age_ratings: [[{ country: 'RU', age: 12 }]], consent: [{ version: 2, text_hash: 'cd8bab8237e1a3abb58f91979313918e' }],
  };
  return one[kind];
}

describe('every declared activity kind', () => {
  const source = serverSource();
  it.each(Object.entries(ACTIVITY_KIND_LABELS))('%s has its words in ru and en and is written by the server', (kind, label) => {
    expect(label.ru).toMatch(/[а-яё]/i);
    expect(label.en).not.toMatch(/[а-яё]/i);
    for (const words of [label.ru, label.en]) expect(words).not.toMatch(/[a-z]+[._][a-z]+/);
    expect(source.includes(`'${kind}'`), `${kind}: nothing in server/ writes it (declare it where it is recorded, or remove it)`).toBe(true);
  });
});

describe('every declared activity field', () => {
  it.each(Object.entries(ACTIVITY_CHANGE_FIELDS as Record<string, ActivityField>))('%s: its name and every value of its kind read in words in ru and en', (key, field) => {
    expect(field.ru).toMatch(/[а-яё]/i);
    expect(field.en).not.toMatch(/[а-яё]/i);
    expect(field.en).not.toBe(key);
    for (const value of samples(field.value)) {
      expect(activityProblems({ kind: 'location.updated', subject: 'X', after: { [key]: value } }), `${key} = ${JSON.stringify(value)} fits its kind`).toEqual([]);
      expect(readingProblems({ kind: 'location.updated', subject: 'Куб 1', before: null, after: { [key]: value } })).toEqual([]);
    }
  });

  it('a translation\'s field reads with its language: "Адрес (en)"', () => {
    expect(readingProblems({ kind: 'location.updated', subject: 'Куб 1', after: { 'en.address': 'Main St 1', 'ru.opening_times': '10–22' } })).toEqual([]);
  });
});

describe('what a person reads', () => {
  const ru = contextIn('ru');
  const en = contextIn('en');
  it('a schedule with its prices, a role, a move\'s group, money and days', () => {
    expect(activityValue('items', samples('schedule_items')[0], ru))
      .toBe('Пн–Пт, праздники 10:00–22:00, сеанс 60 мин (14:00, 30 мин): с 10:00 — 2\u00a0000,00\u00a0₽ за сеанс, предоплата 50 %; с 18:00 — 700,00\u00a0₽ с человека, предоплата 100 %');
    expect(activityValue('role', 40, ru)).toBe('Администратор');
    expect(activityValue('role', 10, en)).toBe('Cashier');
    expect(activityValue('permissions', ['multibooking', 'certificate.create'], en)).toBe('Multi-booking, Certificates: issue');
    expect(activityValue('types', ['the_cube'], ru)).not.toBe('the_cube');
    expect(activityValue('timezone', 'Europe/Moscow', en)).toMatch(/Moscow/);
    expect(activityValue('payment_id', 932, ru)).toBe('#932');
    expect(activityValue('discount', '0.15', ru)).toBe('15 %');
    expect(activityValue('design', 'classic', en)).toBe('Classic');
    expect(activityValue('city', { ru: 'Казань', en: 'Kazan' }, en)).toBe('Kazan');
    expect(activityValue('games', samples('offers')[0], ru)).toBe('Beat Saber (все игровые зоны); Half-Life (Куб 1)');
    expect(activityValue('valid_to', '2030-05-10', ru)).toBe('10.05.2030');
  });
});

describe('the check that guards what the server records', () => {
  it('refuses an id where a name belongs, an undeclared field, a code without words, JSON where a name belongs', () => {
    expect(activityProblems({ kind: 'playground.created', subject: 'Куб 1', after: { group: 9 } })[0]).toMatch(/after\.group = 9 does not fit/);
    expect(activityProblems({ kind: 'playground.created', subject: 'Куб 1', after: { is_it: true } })[0]).toMatch(/is not a declared field/);
    expect(activityProblems({ kind: 'staff.changed', subject: 'a@b.c', after: { role: 99 } })[0]).toMatch(/role = 99 does not fit/);
    expect(activityProblems({ kind: 'location.updated', subject: 'X', after: { name: { ru: 'x' } } })[0]).toMatch(/does not fit/);
    expect(activityProblems({ kind: 'schedule.updated', subject: 'X', after: { items: [{ begin: '10:00', day_types: [1], pricing: [{ currency_id: 1 }] }] } })[0]).toMatch(/does not fit/);
    expect(activityProblems({ kind: 'nobody.knows', subject: 'X' })[0]).toMatch(/has no words/);
  });
  it('a subject that is a number or a code is named by the tests\' reading', () => {
    for (const bad of ['2', 'games: 1', 'certificate design Tx5', 'installation']) expect(subjectProblem(bad), bad).not.toBeNull();
    expect(subjectProblem('classic', 'certificate_design.retired')).toBeNull();
    for (const good of ['#1325', 'Куб 1', 'VR Арена Москва', 'A1B2C3D4E5F6', 'invited.13@example.com', 'https://hooks.example.com/58', '']) expect(subjectProblem(good), good).toBeNull();
  });
});
