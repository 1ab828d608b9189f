// #44 Where a location's consent documents start from on the documents screen, so a new venue has
// little to type: the facts of a personal-data consent the product already knows (why a venue like
// this processes data, which data the widget and the guests' page collect, what is done with them,
// a term, how to withdraw), and its texts in ru and en written from the eight facts, so the facts and
// the signed text say the same (domain/arrivals.ts consentProblems checks that the text names the
// operator and its INN). What only the venue knows (operator, INN, address) is left empty, and stays
// in square brackets in the text until it is typed. The rules template promises no waiver of
// liability (void under ЗоЗПП art. 16): the guest confirms they were briefed and will follow the rules.
import type { Language as Lang } from './constants';
import { PERSONAL_DATA_DETAILS, type ConsentDetails, type ConsentKind, type PersonalDataDetail } from './arrivals';

type Facts = Record<PersonalDataDetail, string>;
type Known = Exclude<PersonalDataDetail, 'operator' | 'inn' | 'address'>;

/** The facts the product can say for a venue, in each language (the facts are kept in Russian; English is for the English text). */
export const PERSONAL_DATA_DEFAULTS: Record<Lang, Record<Known, string>> = {
  ru: {
    purposes: 'бронирование и оказание услуг площадки; связь со мной по бронированию (подтверждение, изменение, отмена, напоминание, ссылка на оплату); приём оплаты и отправка кассового чека; возврат денег; подтверждение данного согласия и подписанных документов',
    data: 'фамилия и (или) имя; номер телефона; адрес электронной почты; дата рождения участника, подписывающего документы площадки; сведения о бронировании (дата, время, площадка, число гостей, сумма); сведения о согласии и подписи (время, IP-адрес, сведения о браузере)',
    actions: 'сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) лицам, обрабатывающим данные по поручению Оператора (платёжному провайдеру, сервису бронирования), блокирование, удаление, уничтожение; обработка смешанная: с использованием средств автоматизации и без них',
    term: 'со дня бронирования до достижения целей обработки, но не дольше 3 лет со дня последнего бронирования, или до отзыва согласия',
    withdrawal: 'письменное заявление Оператору по его адресу, указанному выше; отзыв не затрагивает обработку, проведённую до него',
  },
  en: {
    purposes: 'booking and providing the venue\u2019s services; contacting me about the booking (confirmation, change, cancellation, reminder, payment link); taking payment and sending the fiscal receipt; refunds; keeping proof of this consent and of the documents signed',
    data: 'surname and/or name; phone number; e-mail address; the birth date of a participant who signs the venue\u2019s documents; the booking\u2019s details (date, time, playground, number of guests, amount); the facts of the consent and signature (time, IP address, browser)',
    actions: 'collection, recording, systematisation, accumulation, storage, clarification (updating, changing), retrieval, use, transfer (provision, access) to those processing the data on the Operator\u2019s behalf (the payment provider, the booking service), blocking, deletion, destruction; processing is mixed: with and without automated means',
    term: 'from the day of booking until the purposes are achieved, but no longer than 3 years from the last booking, or until the consent is withdrawn',
    withdrawal: 'a written statement to the Operator at its address given above; withdrawal does not affect processing done before it',
  },
};

/** A new consent's facts: what the product knows, and the operator's own three left empty. */
export const defaultConsentDetails = (): Facts => ({ operator: '', inn: '', address: '', ...PERSONAL_DATA_DEFAULTS.ru });

/** Every fact as a string (a version saved before the facts had fields has none). */
export const consentFacts = (details: ConsentDetails | null | undefined): Facts =>
  Object.fromEntries(PERSONAL_DATA_DETAILS.map((k) => [k, details?.[k] ?? ''])) as Facts;

const PLACE = {
  ru: { operator: '[оператор: полное наименование организации или ФИО ИП]', inn: '[ИНН]', address: '[адрес оператора]', other: '[заполните]' },
  en: { operator: '[operator: full legal name of the company or the sole proprietor]', inn: '[INN]', address: '[operator\u2019s address]', other: '[fill in]' },
} as const;

/** A fact as a clause ending in a full stop. */
const clause = (value: string) => (/[.!?…]$/.test(value) ? value : `${value}.`);

/**
 * The consent's text in a language written from its facts. The English text gives the product's
 * English words for a fact left as the product wrote it, and the fact as typed otherwise; a fact not
 * typed yet stays a place in square brackets (the server refuses a text with one).
 */
export function composeConsent(lang: Lang, details: ConsentDetails | null | undefined): string {
  const f = consentFacts(details);
  const place = PLACE[lang];
  const own = (k: 'operator' | 'inn' | 'address') => f[k].trim() || place[k];
  const known = (k: Known) => {
    const v = f[k].trim();
    if (!v) return place.other;
    return lang === 'en' && v === PERSONAL_DATA_DEFAULTS.ru[k] ? PERSONAL_DATA_DEFAULTS.en[k] : v;
  };
  if (lang === 'en') {
    return `Consent to the processing of personal data

Acting freely, of my own will and in my own interest, I give my consent to the operator — ${own('operator')}, INN (Russian taxpayer number) ${own('inn')}, address: ${own('address')} (the Operator) — to process my personal data on the following terms.

1. Purposes: ${clause(known('purposes'))}
2. The data: ${clause(known('data'))}
3. The actions: ${clause(known('actions'))}
4. Term: ${clause(known('term'))}
5. Withdrawal: ${clause(known('withdrawal'))}

I confirm that I have read the Operator\u2019s personal data processing policy and that the data I gave are mine.`;
  }
  return `Согласие на обработку персональных данных

Я, действуя свободно, своей волей и в своём интересе, даю согласие оператору — ${own('operator')}, ИНН ${own('inn')}, адрес: ${own('address')} (далее — Оператор) — на обработку моих персональных данных на следующих условиях.

1. Цели обработки: ${clause(known('purposes'))}
2. Перечень персональных данных: ${clause(known('data'))}
3. Действия с персональными данными: ${clause(known('actions'))}
4. Срок действия согласия: ${clause(known('term'))}
5. Отзыв согласия: ${clause(known('withdrawal'))}

Я подтверждаю, что ознакомлен с политикой Оператора в отношении обработки персональных данных и что указанные мной данные — мои.`;
}

/** The first texts of the documents a location adds (rules and briefing, marketing). */
export const DOCUMENT_TEMPLATES: Record<Exclude<ConsentKind, 'personal_data'>, Record<Lang, string>> = {
  rules: {
    ru: `Правила посещения и инструктаж

1. Перед игрой сотрудник площадки проводит инструктаж по безопасности; без него игра не начинается.
2. Играйте только в выданном оборудовании и в пределах игровой зоны. Если закружилась голова или стало нехорошо, снимите шлем и скажите сотруднику.
3. Не играйте в состоянии опьянения, а также если врач не рекомендует вам такие нагрузки (например, при эпилепсии, болезнях сердца, беременности, после недавних травм).
4. За участника младше 18 лет документы подписывает родитель или другой законный представитель; дети играют под присмотром взрослого.
5. Бережно обращайтесь с оборудованием.
6. Выполняйте указания сотрудников: они могут остановить игру, если она угрожает вашей безопасности или безопасности других.

Подписывая, я подтверждаю, что прошёл инструктаж, понимаю правила и буду их соблюдать.`,
    en: `Visitor rules and safety briefing

1. Before playing, a staff member gives a safety briefing; no game starts without it.
2. Play only in the equipment given to you and within the play area. If you feel dizzy or unwell, take off the headset and tell a staff member.
3. Do not play under the influence of alcohol or other substances, or if a doctor advises against such exertion (for example with epilepsy, heart conditions, during pregnancy, after recent injuries).
4. A parent or other legal guardian signs the documents for a participant under 18; children play under an adult\u2019s supervision.
5. Take care of the equipment.
6. Follow the staff\u2019s instructions: they may stop a game that endangers you or others.

By signing I confirm that I was briefed, understand these rules and will follow them.`,
  },
  marketing: {
    ru: 'Я согласен получать от площадки сообщения о новых играх и акциях по телефону и электронной почте. Согласие можно отозвать в любой момент, ответив на сообщение.',
    en: 'I agree to receive messages about new games and offers from the venue by phone and e-mail. I may withdraw this consent at any time by replying to a message.',
  },
};
