// The i18nProvider: ru by default, en one click away; the chosen language is kept by
// react-admin's store (localStorage) and sent to the server as Accept-Language.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE } from '../../domain/constants';
import { enMessages } from './en';
import { ruMessages } from './ru';

export const LOCALE_STORAGE_KEY = 'RaStore.locale';

/** The language chosen earlier (react-admin's store keeps it as JSON), else ru. */
export function storedLocale(): 'ru' | 'en' {
  try {
    const value = JSON.parse(localStorage.getItem(LOCALE_STORAGE_KEY) ?? 'null');
    return value === 'en' ? 'en' : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? enMessages : ruMessages) as TranslationMessages,
  storedLocale(),
  [
    { locale: 'ru', name: 'RU' },
    { locale: 'en', name: 'EN' },
  ],
  { allowMissing: false },
);
