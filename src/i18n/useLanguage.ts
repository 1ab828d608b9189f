// The screen's language and the one money formatter bound to it: every amount a screen shows goes
// through useMoney (domain/money.ts formatMoney), so grouping, decimals and the currency's place are
// the same on lists, cards, dialogs and the order page.
import { useCallback } from 'react';
import { useLocaleState, type TranslateFunction } from 'react-admin';
import type { Language } from '../../domain/constants';
import { formatMoney, type Currency } from '../../domain/money';

export const asLanguage = (locale: string | undefined): Language => (locale === 'en' ? 'en' : 'ru');

/** The language the screens speak now. */
export function useLanguage(): Language {
  const [locale] = useLocaleState();
  return asLanguage(locale);
}

/** The language of a translate function (each dictionary names its own as `app.locale`), for helpers outside components. */
export const languageOf = (translate: TranslateFunction): Language => asLanguage(translate('app.locale'));

/** `money(amount, currency)` in the screen's language. */
export function useMoney() {
  const lang = useLanguage();
  return useCallback((amount: string | number, currency: Currency | null | undefined) => formatMoney(amount, currency, lang), [lang]);
}
