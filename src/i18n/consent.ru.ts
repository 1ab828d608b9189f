// #40 согласие клиентов на обработку персональных данных на экранах персонала, ключ в ключ как consent.en.ts.
import type { consentEn } from './consent.en';

export const consentRu: typeof consentEn = {
  order: {
    title: 'Согласие на обработку ПД',
    version: 'Версия текста',
    acceptedAt: 'Время согласия',
    ip: 'IP-адрес',
    browser: 'Браузер',
    hash: 'Хеш текста (SHA-256)',
    showText: 'Показать текст',
    textTitle: 'Текст согласия, версия %{version}',
    notRecorded: 'Согласие не записано: заказ сделан в виджете до того, как виджет стал его спрашивать.',
  },
};
