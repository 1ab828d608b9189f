// The i18nProvider: ru by default, en one click away; the chosen language is kept by
// react-admin's store (localStorage) and sent to the server as Accept-Language. The English
// messages are a chunk of their own (~11 kB gzip off the login page): the provider starts in ru and
// react-admin switches to a stored en before its first render (it waits for the chunk, so ru does
// not flash); a stored en starts loading the chunk at once.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE } from '../../domain/constants';
import { store } from '../store';
import { ruMessages } from './ru';

/** The language chosen (react-admin's store, written at once when the user switches), else ru. */
export function storedLocale(): 'ru' | 'en' {
  return store.getItem<string>('locale') === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

let english: TranslationMessages | undefined;
let loadingEnglish: Promise<TranslationMessages> | undefined;
const loadEnglish = () => (loadingEnglish ??= import('./en').then((m) => (english = m.enMessages as TranslationMessages)));
if (storedLocale() === 'en') void loadEnglish();

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? english ?? loadEnglish() : ruMessages as TranslationMessages),
  DEFAULT_LANGUAGE,
  [
    { locale: 'ru', name: 'RU' },
    { locale: 'en', name: 'EN' },
  ],
  { allowMissing: false },
);
