// English texts of the money and records screens (payments, transactions, top-up and
// check payment, certificates), mounted at app.money.* by en.ts. money.ru.ts mirrors it.
export const moneyEn = {
  title: 'Money and records',
};
