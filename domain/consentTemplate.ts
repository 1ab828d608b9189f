// #40 The personal-data consent a customer gives when booking (152-FZ art. 9; since 1 September 2025
// its own document, apart from any other text). A location's administrator writes the location's
// text; it starts from this template, which has each part the law expects of a consent: the operator
// (its legal name, INN and address), the purposes, the data, the actions and the ways of processing,
// who else processes the data on the operator's behalf, the term, and how to withdraw it. What only
// the operator knows stands in square brackets for the administrator to fill in.
import type { Language as Lang } from './constants';

/** What a placeholder looks like: a short text in square brackets (`[ИНН]`). */
export const CONSENT_PLACEHOLDER = /\[[^\]\n]{2,120}\]/g;

/** The placeholders a consent text still holds (the staff screen may warn that the text is not filled in yet). */
export const consentPlaceholders = (text: string): string[] => [...new Set(text.match(CONSENT_PLACEHOLDER) ?? [])];

/** What the server knows of the location and writes into the template (the rest stays in brackets). */
export interface ConsentFacts {
  /** The venue's name as customers know it. */
  venue?: string;
}

const ru = (venue: string) => `Согласие на обработку персональных данных

Я, действуя свободно, своей волей и в своём интересе, даю согласие оператору — [полное наименование организации или ФИО индивидуального предпринимателя], ИНН [ИНН], ОГРН/ОГРНИП [ОГРН или ОГРНИП], адрес: [юридический адрес] (далее — Оператор) — на обработку моих персональных данных на следующих условиях.

1. Цели обработки: бронирование и оказание услуг площадки «${venue}»; связь со мной по бронированию (подтверждение, изменение, отмена, напоминание, ссылка на оплату); приём оплаты и отправка кассового чека; возврат денег; подтверждение данного мной согласия.

2. Перечень персональных данных: фамилия и (или) имя, как я их указал; номер телефона; адрес электронной почты; сведения о бронировании (дата, время, площадка, число гостей, сумма); сведения о согласии (время, IP-адрес, сведения о браузере).

3. Действия с персональными данными: сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) лицам, указанным в пункте 4, блокирование, удаление, уничтожение. Обработка смешанная: с использованием средств автоматизации и без них.

4. Лица, обрабатывающие данные по поручению Оператора или получающие их для целей пункта 1: [наименование и адрес платёжного провайдера, например ООО НКО «ЮМани», если оплата принимается онлайн]; [наименование и адрес поставщика сервиса бронирования или хостинга, если есть]. Других лиц нет.

5. Срок: согласие действует со дня бронирования до достижения целей обработки, но не дольше [3 лет] со дня последнего бронирования, или до отзыва согласия. По окончании срока или после отзыва Оператор прекращает обработку и уничтожает данные в течение 10 рабочих дней, кроме сведений, которые он обязан хранить по закону (например, о платежах).

6. Отзыв согласия: я могу отозвать согласие в любое время, направив Оператору заявление по адресу [почтовый адрес для обращений] или на электронную почту [адрес электронной почты для обращений]. Отзыв не затрагивает обработку, проведённую до него.

Я подтверждаю, что ознакомлен с политикой Оператора в отношении обработки персональных данных и что указанные мной данные — мои.
`;

const en = (venue: string) => `Consent to the processing of personal data

Acting freely, of my own will and in my own interest, I give my consent to the operator — [full legal name of the company or name of the sole proprietor], INN (Russian taxpayer number) [INN], OGRN/OGRNIP [OGRN or OGRNIP], address: [legal address] (the Operator) — to process my personal data on the following terms.

1. Purposes: booking and providing the services of the venue "${venue}"; contacting me about the booking (confirmation, change, cancellation, reminder, payment link); taking payment and sending the fiscal receipt; refunds; keeping proof of this consent.

2. The data: my surname and/or name as I gave them; phone number; e-mail address; the booking's details (date, time, playground, number of guests, amount); the facts of this consent (time, IP address, browser).

3. The actions: collection, recording, systematisation, accumulation, storage, clarification (updating, changing), retrieval, use, transfer (provision, access) to the persons named in item 4, blocking, deletion, destruction. Processing is mixed: with and without automated means.

4. Who processes the data on the Operator's behalf or receives it for the purposes of item 1: [name and address of the payment provider, e.g. YooMoney, if payment is taken online]; [name and address of the booking service or hosting provider, if any]. No one else.

5. Term: this consent is valid from the day of booking until the purposes are achieved, but no longer than [3 years] from the last booking, or until it is withdrawn. Then the Operator stops processing and destroys the data within 10 working days, except what the law obliges it to keep (such as payment records).

6. Withdrawal: I may withdraw this consent at any time by sending the Operator a statement to [postal address for requests] or to [e-mail address for requests]. Withdrawal does not affect processing done before it.

I confirm that I have read the Operator's personal data processing policy and that the data I gave are mine.
`;

/** The template in a language, with the venue's name where the server knows it. */
export function consentTemplate(lang: Lang, facts: ConsentFacts = {}): string {
  const venue = facts.venue?.trim() || (lang === 'en' ? '[venue name]' : '[название площадки]');
  return (lang === 'en' ? en : ru)(venue).trim();
}
