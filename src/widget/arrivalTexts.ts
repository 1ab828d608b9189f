// #44 The guest's arrival page's texts (customers read them), ru and en key for key.
import type { WidgetLang } from './texts';

const en = {
  title: 'Before your visit',
  intro: 'Each guest signs the venue\u2019s documents here before coming: type the name, tick the boxes.',
  when: '%{date}, %{begin}–%{end}',
  guests: 'Guests',
  guest: 'Guest %{n}',
  lead: 'lead guest',
  signed: 'signed',
  notSigned: 'not signed yet',
  missing: 'Still to sign: %{n} of %{total}',
  allSigned: 'Everyone has signed. See you soon!',
  signFor: 'Sign',
  name: 'Full name',
  birthDate: 'Date of birth',
  birthPlaceholder: 'DD.MM.YYYY',
  birthInvalid: 'Enter the date as DD.MM.YYYY',
  agree: 'I have read and agree',
  optional: 'optional',
  guardianTitle: 'The guest is under %{age}: a parent or guardian signs',
  guardianName: 'Parent\u2019s or guardian\u2019s full name',
  guardianRelation: 'Relation to the guest (mother, father, guardian)',
  submit: 'Sign',
  sending: 'Signing…',
  tickRequired: 'Tick the box to agree',
  required: 'Required',
  closed: 'This link no longer takes signatures.',
  cancelled: 'This booking is cancelled.',
  policy: 'Personal data policy',
  done: '%{name} has signed.',
  deskIntro: 'Find your name, tap “Sign”, type your name and tick the boxes. Then pass the tablet on.',
  deskAllSigned: 'Everyone has signed. Please hand the tablet back to the desk.',
};

const ru: typeof en = {
  title: 'Перед визитом',
  intro: 'Каждый гость подписывает здесь документы площадки до прихода: впишите имя и поставьте отметки.',
  when: '%{date}, %{begin}–%{end}',
  guests: 'Гости',
  guest: 'Гость %{n}',
  lead: 'бронировал(а)',
  signed: 'подписал(а)',
  notSigned: 'ещё не подписал(а)',
  missing: 'Осталось подписать: %{n} из %{total}',
  allSigned: 'Все подписали. До встречи!',
  signFor: 'Подписать',
  name: 'Фамилия и имя',
  birthDate: 'Дата рождения',
  birthPlaceholder: 'ДД.ММ.ГГГГ',
  birthInvalid: 'Введите дату как ДД.ММ.ГГГГ',
  agree: 'Я прочитал(а) и согласен(на)',
  optional: 'по желанию',
  guardianTitle: 'Гостю нет %{age} лет: подписывает родитель или опекун',
  guardianName: 'Фамилия и имя родителя или опекуна',
  guardianRelation: 'Кем приходится гостю (мать, отец, опекун)',
  submit: 'Подписать',
  sending: 'Подписываем…',
  tickRequired: 'Поставьте отметку, чтобы согласиться',
  required: 'Обязательное поле',
  closed: 'Подписать по этой ссылке уже нельзя.',
  cancelled: 'Это бронирование отменено.',
  policy: 'Политика обработки персональных данных',
  done: '%{name}: подписано.',
  deskIntro: 'Найдите себя в списке, нажмите «Подписать», впишите имя и поставьте отметки. Затем передайте планшет следующему.',
  deskAllSigned: 'Все подписали. Верните, пожалуйста, планшет администратору.',
};

type ArrivalTextKey = keyof typeof en;
const all = { en, ru } as const;

export function arrivalTexts(lang: WidgetLang) {
  return (key: ArrivalTextKey, params: Record<string, string | number> = {}) =>
    all[lang][key].replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
