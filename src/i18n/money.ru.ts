// Russian texts of the money and records screens, key for key the same as money.en.ts.
import type { moneyEn } from './money.en';

export const moneyRu: typeof moneyEn = {
  title: 'Деньги и записи',
};
