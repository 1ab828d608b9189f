// #45 The planning rules and the templates' pure parts (domain/customerMessages.ts).
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_LANGUAGES, SMS_BODY_MAX, channelsFor, defaultTemplate, fallbackChannel, planReminders, planThankYou,
  quietEnd, renderTemplate, smsSize, unknownVariables,
} from '../../domain/customerMessages';
import { instantOfLocal } from '../../domain/zonedTime';

const TZ = 'Europe/Moscow';
const at = (local: string) => instantOfLocal(TZ, local);
const QUIET = { from: '22:00', to: '09:00' };

describe('reminders', () => {
  it('plans one per offset, before the session', () => {
    const plan = planReminders({ tz: TZ, nowMs: at('2030-01-10 12:00'), startMs: at('2030-01-14 15:00'), offsets: [1440, 120], quiet: QUIET });
    expect(plan).toEqual([{ offset: 1440, dueMs: at('2030-01-13 15:00') }, { offset: 120, dueMs: at('2030-01-14 13:00') }]);
  });

  it('plans none for a booking made inside its window', () => {
    const plan = planReminders({ tz: TZ, nowMs: at('2030-01-14 10:00'), startMs: at('2030-01-14 15:00'), offsets: [1440, 120], quiet: QUIET });
    expect(plan.map((p) => p.offset)).toEqual([120]);
    expect(planReminders({ tz: TZ, nowMs: at('2030-01-14 14:00'), startMs: at('2030-01-14 15:00'), offsets: [1440, 120], quiet: QUIET })).toEqual([]);
  });

  it('holds one due in quiet hours until they end, when that is 30 minutes or more before the session', () => {
    // 24 h before a 10:00 session is 10:00 (not quiet); 2 h before is 08:00: quiet until 09:00, an hour before.
    const plan = planReminders({ tz: TZ, nowMs: at('2030-01-10 12:00'), startMs: at('2030-01-14 10:00'), offsets: [1440, 120], quiet: QUIET });
    expect(plan).toEqual([{ offset: 1440, dueMs: at('2030-01-13 10:00') }, { offset: 120, dueMs: at('2030-01-14 09:00') }]);
  });

  it('skips one whose quiet hours end less than 30 minutes before the session', () => {
    const plan = planReminders({ tz: TZ, nowMs: at('2030-01-10 12:00'), startMs: at('2030-01-14 09:20'), offsets: [120], quiet: QUIET });
    expect(plan).toEqual([{ offset: 120, dueMs: at('2030-01-14 07:20'), skipped: 'quiet_hours' }]);
    // Exactly 30 minutes: it goes.
    expect(planReminders({ tz: TZ, nowMs: at('2030-01-10 12:00'), startMs: at('2030-01-14 09:30'), offsets: [120], quiet: QUIET }))
      .toEqual([{ offset: 120, dueMs: at('2030-01-14 09:00') }]);
  });

  it('a reminder that quiet hours bring to a nearer one\'s time is superseded by it', () => {
    // Offsets 12 h and 3 h before 12:00: 00:00 (quiet, to 09:00) and 09:00.
    const plan = planReminders({ tz: TZ, nowMs: at('2030-01-10 12:00'), startMs: at('2030-01-14 12:00'), offsets: [720, 180], quiet: QUIET });
    expect(plan).toEqual([{ offset: 720, dueMs: at('2030-01-14 09:00'), skipped: 'superseded' }, { offset: 180, dueMs: at('2030-01-14 09:00') }]);
  });

  it('quiet hours: overnight, daytime and none', () => {
    expect(quietEnd(TZ, at('2030-01-14 23:30'), QUIET)).toBe(at('2030-01-15 09:00'));
    expect(quietEnd(TZ, at('2030-01-14 03:00'), QUIET)).toBe(at('2030-01-14 09:00'));
    expect(quietEnd(TZ, at('2030-01-14 09:00'), QUIET)).toBeNull();
    expect(quietEnd(TZ, at('2030-01-14 21:59'), QUIET)).toBeNull();
    expect(quietEnd(TZ, at('2030-01-14 13:30'), { from: '13:00', to: '14:00' })).toBe(at('2030-01-14 14:00'));
    expect(quietEnd(TZ, at('2030-01-14 03:00'), { from: '00:00', to: '00:00' })).toBeNull();
  });

  it('the thank-you goes after the session, held by quiet hours', () => {
    expect(planThankYou({ tz: TZ, endMs: at('2030-01-14 16:00'), delay: 60, quiet: QUIET })).toBe(at('2030-01-14 17:00'));
    expect(planThankYou({ tz: TZ, endMs: at('2030-01-14 21:30'), delay: 60, quiet: QUIET })).toBe(at('2030-01-15 09:00'));
  });
});

describe('channels', () => {
  it('first_available: e-mail when the order has one, else SMS; all: every reachable one', () => {
    expect(channelsFor(['email', 'sms'], 'first_available', { email: true, phone: true })).toEqual(['email']);
    expect(channelsFor(['email', 'sms'], 'first_available', { email: false, phone: true })).toEqual(['sms']);
    expect(channelsFor(['sms', 'email'], 'all', { email: true, phone: true })).toEqual(['email', 'sms']);
    expect(channelsFor(['email'], 'all', { email: false, phone: true })).toEqual([]);
  });

  it('a failed channel falls back to the next reachable one', () => {
    expect(fallbackChannel(['email', 'sms'], 'email', { email: true, phone: true })).toBe('sms');
    expect(fallbackChannel(['email', 'sms'], 'sms', { email: true, phone: true })).toBeNull();
    expect(fallbackChannel(['email'], 'email', { email: true, phone: true })).toBeNull();
  });
});

describe('templates', () => {
  it('every built-in template uses only its kind\'s variables, and an SMS fits', () => {
    for (const kind of MESSAGE_KINDS) for (const channel of MESSAGE_CHANNELS) for (const lang of MESSAGE_LANGUAGES) {
      const t = defaultTemplate(kind, channel, lang);
      expect(unknownVariables(kind, `${t.subject}\n${t.body}`), `${kind} ${channel} ${lang}`).toEqual([]);
      if (channel === 'sms') expect(t.body.length).toBeLessThanOrEqual(SMS_BODY_MAX);
      else expect(t.subject).not.toBe('');
    }
  });

  it('names the variables a kind does not have', () => {
    expect(unknownVariables('refund', 'Вернули {amount}, {name}')).toEqual([]);
    expect(unknownVariables('confirmation', 'Вернули {amount}, {nmae} {nmae}')).toEqual(['amount', 'nmae']);
  });

  it('renders values; the arrival link\'s line only with a link, and the link added where the template lacks it', () => {
    const text = 'Привет, {name}!\nАнкета: {arrival_link}\nДо встречи';
    expect(renderTemplate(text, { name: 'Анна', arrival_link: '' })).toBe('Привет, Анна!\nДо встречи');
    expect(renderTemplate(text, { name: 'Анна', arrival_link: 'https://x/arrival/k' })).toBe('Привет, Анна!\nАнкета: https://x/arrival/k\nДо встречи');
    expect(renderTemplate('Привет, {name}!', { name: 'Анна', arrival_link: 'https://x/a' }, { append: ['arrival_link'] })).toBe('Привет, Анна!\nhttps://x/a');
    expect(renderTemplate('Привет, {name}!', { name: 'Анна', arrival_link: '' }, { append: ['arrival_link'] })).toBe('Привет, Анна!');
  });
});

describe('the thank-you: transactional without an offer, marketing with one (#45)', () => {
  const values = (promo: string) => ({ name: 'Анна', location: 'VR Арена', promo_code: promo, unsubscribe_link: promo ? 'https://x/unsubscribe/k' : '' });
  it('without a promo code its built-in texts carry no offer and no unsubscribe line, in every channel and language', () => {
    for (const channel of ['email', 'sms'] as const) {
      for (const lang of ['ru', 'en'] as const) {
        const body = renderTemplate(defaultTemplate('thank_you', channel, lang).body, values(''));
        expect(body, `${channel} ${lang}`).not.toMatch(/промокод|promo|unsubscribe|отпис|\{/i);
        expect(body).toBe(body.trimEnd());
      }
    }
  });
  it('with one they carry the code and the unsubscribe link; a text of its own without the link gets it as its last line', () => {
    for (const channel of ['email', 'sms'] as const) {
      for (const lang of ['ru', 'en'] as const) {
        const body = renderTemplate(defaultTemplate('thank_you', channel, lang).body, values('THANKS10'), { append: ['unsubscribe_link'] });
        expect(body, `${channel} ${lang}`).toContain('THANKS10');
        expect(body.match(/https:\/\/x\/unsubscribe\/k/g)).toHaveLength(1);
      }
    }
    expect(renderTemplate('Спасибо! Код {promo_code}', values('THANKS10'), { append: ['unsubscribe_link'] })).toBe('Спасибо! Код THANKS10\nhttps://x/unsubscribe/k');
    expect(unknownVariables('thank_you', '{promo_code} {unsubscribe_link}')).toEqual([]);
    // A transactional message never carries an offer: no other kind has the promo code.
    for (const kind of ['confirmation', 'reminder', 'change', 'cancellation', 'refund'] as const) expect(unknownVariables(kind, '{promo_code}')).toEqual(['promo_code']);
  });
});

describe('SMS segments', () => {
  it('GSM-7: 160 in one, 153 per part', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', length: 161, segments: 2 });
    expect(smsSize('a'.repeat(306))).toEqual({ encoding: 'GSM-7', length: 306, segments: 2 });
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    // An extension character counts two.
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
  });

  it('UCS-2 (Cyrillic): 70 in one, 67 per part', () => {
    expect(smsSize('я'.repeat(70))).toEqual({ encoding: 'UCS-2', length: 70, segments: 1 });
    expect(smsSize('я'.repeat(71))).toEqual({ encoding: 'UCS-2', length: 71, segments: 2 });
    expect(smsSize('я'.repeat(134)).segments).toBe(2);
    expect(smsSize('я'.repeat(135)).segments).toBe(3);
    expect(smsSize('я'.repeat(335)).segments).toBe(5);
  });
});
