// #29 The local YooKassa as a process of its own, for the e2e run (playwright.config.ts starts it beside
// the app on E2E_PORT + 60): one test shop, its confirmation pages, notifications sent to the app.
import { E2E_YOOKASSA_SHOP, startLocalYooKassa } from './yookassa';

const port = Number(process.env.YOOKASSA_PORT);
const app = process.env.APP_URL;
if (!port || !app) throw new Error('YOOKASSA_PORT and APP_URL are needed');
const yookassa = await startLocalYooKassa({ port, notifyUrl: `${app}/api/v2.1/payments/yookassa/notifications/` });
yookassa.shops.set(E2E_YOOKASSA_SHOP.shopId, E2E_YOOKASSA_SHOP.secretKey);
console.log(`local YooKassa on ${yookassa.url}`);
