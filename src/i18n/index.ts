// The i18nProvider: ru by default, en one click away; the chosen language is kept by
// react-admin's store (localStorage) and sent to the server as Accept-Language. The English
// messages are a chunk of their own (~11 kB gzip off the login page): the provider starts in ru and
// react-admin switches to a stored en before its first render (it waits for the chunk, so ru does
// not flash); a stored en starts loading the chunk at once.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { I18nProvider, TranslationMessages } from 'react-admin';
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

export const i18nProvider: I18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? english ?? loadEnglish() : ruMessages as TranslationMessages),
  DEFAULT_LANGUAGE,
  [
    { locale: 'ru', name: 'RU' },
    { locale: 'en', name: 'EN' },
  ],
  { allowMissing: false },
);

/**
 * #42 Switching RU/EN keeps what was typed. react-admin remounts the whole app when the store's
 * locale differs from the provider's (its I18nContextProvider bumps a key), which cleared every
 * half-filled form (sign-in, location settings, a new schedule). So the switch changes the provider
 * first (loading the messages) and only then the store: they never differ, nothing remounts, and
 * useLanguageProvider gives <Admin> a new provider object, whose context re-renders every translation.
 */
export async function switchLanguage(locale: 'ru' | 'en'): Promise<void> {
  await i18nProvider.changeLocale(locale);
  store.setItem('locale', locale);
}

/**
 * The provider for <Admin>, a new object per language (the same functions), so a switch re-renders
 * the screens in place; and `onSwitch` (e.g. refetching what the server worded) after each switch.
 */
export function useLanguageProvider(onSwitch: () => void): I18nProvider {
  const locale = useSyncExternalStore((changed) => store.subscribe('locale', changed), storedLocale);
  const first = useRef(locale);
  useEffect(() => {
    if (locale !== first.current) onSwitch();
    first.current = locale;
  }, [locale, onSwitch]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ({ ...i18nProvider }), [locale]);
}
