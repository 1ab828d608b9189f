// #43 The daily letter against real PostgreSQL: after a location's day boundary the day's summary
// goes to its administrators (role 40 there, owners among them), each in their language, exactly
// once per location and day however often and however concurrently the scheduler runs; a job of
// the one outbox below money; its content (money by type, by channel, refunds, certificates and test
// payments apart, the shifts open longer than 23 hours with the 54-FZ reminder, those with a variance).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { LONG_SHIFT_ALERT } from '../../domain/till';
import { JOB_PRIORITY } from '../../server/platform/jobs';
import { DAILY_LETTER_JOB, DAILY_LETTERS_JOB, lastFinishedDay, queueDailyLetters, scheduleDailyLetters } from '../../server/modules/till/dailyLetter';
import { createHarness, type Harness } from './harness';

let h: Harness;
type Row = Record<string, any>;
const q = async (text: string, params: unknown[] = []) => (await h.database.pool.query(text, params)).rows as Row[];

/** A business day long past that no demo or other row is on; the scheduler runs at 06:30 of the next day in Moscow (the letter reads the shifts as of now: still open). */
const DAY = '2021-06-10';
const NOW = new Date('2021-06-11T03:30:00Z');
const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
let shiftId = 0;
let english = '';

beforeAll(async () => {
  h = await createHarness();
  const pay = (local: string, type: number, amount: string, test = false) => q(`INSERT INTO payments (location_id, payment_type, status, purchase, comment, test, created)
    VALUES (1, $1, 'paid', $2, '', $3, ($4::timestamp AT TIME ZONE 'Europe/Moscow'))`, [type, amount, test, local]);
  await pay(`${DAY} 10:00`, 2, '1500.00');
  await pay(`${DAY} 11:00`, 6, '1200.00');
  await pay(`${DAY} 12:00`, 6, '-200.00');
  await pay(`${DAY} 13:00`, 1, '777.00', true);
  const [cert] = await q(`SELECT id FROM users WHERE email = 'admin@example.com'`);
  await q(`INSERT INTO certificates (unique_number, creating_location_id, rate, type, status, seller_user_id, datetime_activated)
    VALUES ('LETTER0CERT1', 1, 2500, 'digital', 'ACTIVE', $1, ($2::timestamp AT TIME ZONE 'Europe/Moscow'))`, [cert!.id, `${DAY} 14:00`]);
  // A shift opened at 07:00 of the day, counted 300 short and waiting for a manager at 06:30 the next morning: 23.5 hours.
  const [till] = await q(`INSERT INTO tills (location_id, name) VALUES (1, 'Letter desk') RETURNING id`);
  const [shift] = await q(`INSERT INTO till_shifts (till_id, location_id, float, opened_by, opened_at)
    VALUES ($1, 1, '1000.00', $2, ($3::timestamp AT TIME ZONE 'Europe/Moscow')) RETURNING id`, [till!.id, cert!.id, `${DAY} 07:00`]);
  shiftId = shift!.id;
  await q(`INSERT INTO till_counts (shift_id, counted_cash, counted_card, expected_cash, expected_card, user_id) VALUES ($1, '700.00', '0.00', '1000.00', '0.00', $2)`, [shiftId, cert!.id]);
  await q(`UPDATE till_shifts SET state = 'needs_confirmation' WHERE id = $1`, [shiftId]);
  // An administrator who accepted an invitation in English, and a manager (no letter).
  english = 'letter-admin-en@example.com';
  await h.userWithToken(english, [[1, 40]]);
  await q(`INSERT INTO invitations (key_hash, location_id, email, role_id, expires_at, accepted_at, language) VALUES ('letter-key', 1, $1, 40, now(), now(), 'en')`, [english]);
  await h.userWithToken('letter-manager@example.com', [[1, 20]]);
}, 60_000);
afterAll(async () => { await h.close(); });

/** The administrators of location 1 (the oracle: role 40 there, active). */
const admins = async () => (await q(`SELECT u.email FROM user_location_roles r JOIN users u ON u.id = r.user_id
  WHERE r.location_id = 1 AND r.role_id = 40 AND u.is_active ORDER BY u.id`)).map((r) => r.email as string);
const lettersOfDay = () => h.letters.filter((l) => l.subject.includes('10.06.2021'));

describe('the daily letter', () => {
  it('is queued once per location and day: two schedulers at once and a third run later queue one letter per administrator', async () => {
    expect(lastFinishedDay('Europe/Moscow', NOW)).toBe(DAY);
    // 05:59 in Moscow: the 10th is not over yet.
    expect(lastFinishedDay('Europe/Moscow', new Date('2021-06-11T02:59:00Z'))).toBe('2021-06-09');
    const [a, b] = await Promise.all([queueDailyLetters(h.database.db, NOW), queueDailyLetters(h.database.db, NOW)]);
    const again = await queueDailyLetters(h.database.db, NOW);
    expect(again).toBe(0);
    const queued = await q(`SELECT payload->>'userId' AS user, priority FROM jobs WHERE kind = $1 AND payload->>'date' = $2 AND (payload->>'locationId')::int = 1`, [DAILY_LETTER_JOB, DAY]);
    const expected = await admins();
    expect(expected).toContain(english);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(queued).toHaveLength(expected.length);
    expect(new Set(queued.map((j) => j.user)).size).toBe(expected.length);
    expect(a + b).toBeGreaterThanOrEqual(expected.length);
    // A letter is a message: below money at a provider (and below an order's timers).
    expect(new Set(queued.map((j) => j.priority))).toEqual(new Set([JOB_PRIORITY.message]));
    expect(JOB_PRIORITY.message).toBeGreaterThan(JOB_PRIORITY.money);
    expect(await q(`SELECT admins FROM till_daily_letters WHERE location_id = 1 AND date = $1`, [DAY])).toEqual([{ admins: expected.length }]);

    while (await h.runJobs());
    const letters = lettersOfDay().filter((l) => expected.includes(l.to));
    expect(letters.map((l) => l.to).sort()).toEqual([...expected].sort());
    // The manager gets none; a restart's run finds the day done.
    expect(h.letters.some((l) => l.to === 'letter-manager@example.com')).toBe(false);
    expect(await queueDailyLetters(h.database.db, NOW)).toBe(0);
    while (await h.runJobs());
    expect(lettersOfDay().filter((l) => expected.includes(l.to))).toHaveLength(expected.length);
  });

  it('says the day in the reader\'s language: money by type and channel, refunds, certificates and test payments apart, the long shift with the 54-FZ reminder, the variance', async () => {
    const ru = lettersOfDay().find((l) => l.to === 'admin@example.com')!;
    const en = lettersOfDay().find((l) => l.to === english)!;
    expect(ru.subject).toMatch(/^Дневной отчёт: .+, 10\.06\.2021$/);
    expect(en.subject).toMatch(/^Daily report: .+, 10\.06\.2021$/);
    for (const [letter, lang] of [[ru, 'ru'], [en, 'en']] as const) {
      const m = (a: string) => formatMoney(a, RUB, lang);
      expect(letter.text).toContain(LONG_SHIFT_ALERT[lang].replace('%{id}', String(shiftId)));
      // Money in: 1 500 cash + 1 000 card net (1 200 - 200); the test payment and the certificate apart.
      expect(letter.text).toContain(`${lang === 'ru' ? 'Поступления' : 'Money in'}: ${m('2500.00')}`);
      expect(letter.text).toContain(`${lang === 'ru' ? 'Наличные' : 'Cash'}: ${m('1500.00')}`);
      expect(letter.text).toContain(`${lang === 'ru' ? 'Карта / Касса' : 'Card / Desk'}: ${m('1000.00')} (2)`);
      expect(letter.text).toContain(`${lang === 'ru' ? 'Карта' : 'Card'}: ${m('200.00')} (1)`);
      expect(letter.text).toContain(`${lang === 'ru' ? 'Тестовые платежи' : 'Test payments'}: ${m('777.00')} (1)`);
      expect(letter.text).toContain(`${lang === 'ru' ? 'Продано сертификатов (аванс)' : 'Certificates sold (advances)'}: ${m('2500.00')} (1)`);
      expect(letter.text).toContain(`Letter desk №${shiftId}: ${lang === 'ru' ? 'расхождение: наличные' : 'variance: cash'} ${m('-300.00')}`);
      expect(letter.text).toContain(`http://backoffice.test/locations/1/daily_report?date=${DAY}`);
    }
    expect(ru.fromName).toBeTruthy();
  });

  it('sends nothing for a day without money or shifts, and the scheduler books one next run however often it starts', async () => {
    const quiet = new Date('2021-05-21T03:30:00Z');
    const before = h.letters.length;
    expect(await queueDailyLetters(h.database.db, quiet)).toBeGreaterThan(0);
    while (await h.runJobs());
    expect(h.letters.slice(before).filter((l) => l.subject.includes('20.05.2021'))).toEqual([]);
    await q(`DELETE FROM jobs WHERE kind = $1`, [DAILY_LETTERS_JOB]);
    await scheduleDailyLetters(h.database.db);
    await scheduleDailyLetters(h.database.db);
    expect(await q(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND done_at IS NULL`, [DAILY_LETTERS_JOB])).toEqual([{ n: 1 }]);
  });
});
