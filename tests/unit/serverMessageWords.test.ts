// #39 No server message, in either language, shows a code where the reader needs words: a dotted
// permission codename (`transactions.all`), a provider's name as stored (`yookassa`), a provider's
// error code (`invalid_credentials`, "no answer" in Russian), a role by its number ("роль 40").
// Generated over the whole message table: every message with every param it takes, and every code
// each code param can carry (plus one nobody knows), passed both as the words param and as the bare
// code a careless call site would pass. A new param must be classed here before its message passes.
import { describe, expect, it } from 'vitest';
import {
  CODE_PARAM_NAMES, KNOWN_CODES, serverMessages, translate, wordsParam, type Lang, type MessageKey, type MessageParams, type WordKind,
} from '../../server/platform/messages';

/** The plain params and a value of the kind the server passes for each. */
const PLAIN: Record<string, string | number> = {
  address: 'Москва, ул. Тверская, 1', amount: '1 500,00 ₽', begin: '10:00', end: '11:00', currency: 'RUB', order_currency: 'EUR',
  date: '01.03.2030', days: 7, email: 'guest@example.com', game: 'Квест', hours: 24, id: 42, languages: 'ru, en',
  link: 'https://backoffice.test/x', location: 'Парк', max: 10, method: 'PATCH', minutes: 30, min: 2, name: 'Анна',
  number: 'GC-1', paid: '0,00 ₽', persons: 3, phone: '+7 495 123-45-67', playground: 'Куб 1', purchase: '3 000,00 ₽', rate: '5 000,00 ₽', refund: '',
  remaining: '100,00 ₽', rest: '3 000,00 ₽', seconds: 60, smart_count: 2, type: 'text/plain', until: '01.03.2031',
  // #45 SMS.ru's own words for a refusal (its code and text), a template's variables, the account's senders.
  gateway_error: '201 Не хватает средств на лицевом счету', known: '{name}, {date}', senders: 'VR-Arena, SMS.ru',
  // #47 The orders still to come, by number.
  orders: '#12, #15',
  // #45 The promo code typed for the thank-you's offer, as typed.
  code: 'THANKS10',
  // #40 the held booking's letter (the provider's payment link, the venue's phone line) and the payment's description.
  pay_link: 'https://pay.example/abc', phone_line: 'Телефон площадки: +74951234567\n', more: '',
  // #42 the setup checklist (a group's and a schedule's names, playgrounds' names, days in words, a share) and the confirmation's money lines.
  group: 'Залы', schedule: 'Основное', names: 'Куб 1, Арена 2', day_list: 'выходные', percent: 50, money_lines: 'Оплата на месте: 1 800,00 ₽\n',
  // #44 arrival: a location's minor age; who has not signed what.
  age: 18, who: 'Анна (Правила посещения и инструктаж)',
  // #44 the confirmation's line with the guests' page (where the location checks guests in).
  arrival: 'Перед визитом каждый гость подписывает документы площадки на этой странице:\nhttps://backoffice.test/arrival/1-abc\n\n',
  // A JSON parser's own words (parse_error), not a code of ours.
  reason: 'Unexpected end of JSON input',
  // #43 the till: a till's name, amounts written by the money formatter.
  till: 'Касса 1', suggested: '2 000,00 ₽', total: '5 500,00 ₽', counted: '5 600,00 ₽',
};
const UNKNOWN = 'some_new_code';

/** What must never reach a reader. */
const RAW: [string, RegExp][] = [
  ['a dotted permission codename', /\b(?:certificate|transactions|accounts)\.[a-z_.]+/],
  ['a provider as stored', /\byookassa\b|\bstripe\b/],
  ['a role by its number', /\b(?:роль|роли|role)\s*\d+/i],
  ['a snake_case code', /\b[a-z]+_[a-z_]+\b/],
];

const paramsOf = (template: string) => [...new Set([...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!))];
const kindOf = (name: string) => (CODE_PARAM_NAMES.includes(name) ? (name === 'provider_error' ? 'provider_error' : name) as WordKind : null);

/** Every message filled every way its code params can be: each known code and one unknown, worded and bare. */
function renderings(lang: Lang, key: MessageKey): { text: string; code?: string }[] {
  const names = paramsOf(serverMessages.en[key]);
  const base: MessageParams = {};
  for (const n of names) if (!kindOf(n)) base[n] = PLAIN[n]!;
  const codeNames = names.filter((n) => kindOf(n));
  if (codeNames.length === 0) return [{ text: translate(lang, key, base) }];
  const out: { text: string; code?: string }[] = [];
  for (const n of codeNames) {
    const kind = kindOf(n)!;
    for (const code of [...KNOWN_CODES[kind], UNKNOWN]) {
      for (const value of [wordsParam(kind, code), code]) {
        const params = { ...base };
        for (const other of codeNames) params[other] = wordsParam(kindOf(other)!, KNOWN_CODES[kindOf(other)!][0]!);
        params[n] = value;
        out.push({ text: translate(lang, key, params), code });
      }
    }
    // A list of codes (two refunds refused) reads as words too.
    out.push({ text: translate(lang, key, { ...base, [n]: wordsParam(kind, [KNOWN_CODES[kind][0]!, UNKNOWN]) }), code: UNKNOWN });
  }
  return out;
}

describe('server messages say codes in words', () => {
  it('every param of every message is classed: a code param (worded) or a plain one', () => {
    const unclassed = (Object.keys(serverMessages.en) as MessageKey[]).flatMap((k) => paramsOf(serverMessages.en[k]).filter((n) => !kindOf(n) && !(n in PLAIN)).map((n) => `${k}: %{${n}}`));
    expect(unclassed).toEqual([]);
  });

  for (const lang of ['ru', 'en'] as const) {
    it(`${lang}: no message shows a raw code, whatever code its params carry`, () => {
      const found: string[] = [];
      for (const key of Object.keys(serverMessages.en) as MessageKey[]) {
        for (const { text, code } of renderings(lang, key)) {
          for (const [what, re] of RAW) if (re.test(text)) found.push(`${key} (${what}): ${text}`);
          // The code itself, unless it is already the words (en "no answer").
          if (code && text.includes(code) && !(lang === 'en' && /^[a-z]+ [a-z ]+$/.test(code))) found.push(`${key} shows ${code}: ${text}`);
          if (lang === 'ru' && /no answer|timeout/.test(text)) found.push(`${key} in English: ${text}`);
        }
      }
      expect([...new Set(found)]).toEqual([]);
    });
  }

  it('names the words the issue asks for', () => {
    expect(translate('ru', 'staff_permission_not_held', { permission: wordsParam('permission', 'transactions.all') })).toContain('«Транзакции: все»');
    expect(translate('en', 'staff_permission_not_held', { permission: 'transactions.all' })).toContain('“Transactions: all”');
    expect(translate('ru', 'payment_provider_failed', { provider: 'yookassa', provider_error: 'no answer' }))
      .toBe('Платёжный провайдер ЮKassa не создал ссылку на оплату: нет ответа. Попробуйте позже.');
    expect(translate('en', 'payment_provider_unreachable', { provider: 'yookassa', provider_error: 'timeout' }))
      .toBe('The payment provider YooKassa could not be reached: no answer in time.');
    expect(translate('ru', 'refund_cash_instead_role')).toContain('менеджер или администратор этой локации');
  });
});
