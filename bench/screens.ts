// Screenshots of the main screens in Russian at 1440 px and 390 px (#18), for docs/screens/:
// the day view, the order page, the certificates list and the multi-booking form. Not a test.
//   npx vite build --outDir /tmp/dist && PORT=9161 DATA_DIR=/tmp/data WEB_DIR=/tmp/dist node --import tsx server/main.ts &
//   BASE_URL=http://127.0.0.1:9161 npx tsx bench/screens.ts
// The viewport only (not full page): the files stay small.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:9161';
const OUT = path.resolve('docs/screens');
const WIDTHS = [1440, 390] as const;

const SHOTS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'day-view', open: async (page) => { await page.goto(`${BASE}/locations/1/booking_admin`); await page.getByTestId('occupancy').waitFor(); } },
  { name: 'order-page', open: async (page) => { await page.goto(`${BASE}/orders/845`); await page.getByTestId('order-page').waitFor(); } },
  { name: 'certificates', open: async (page) => { await page.goto(`${BASE}/locations/1/certificates`); await page.locator('tbody tr').first().waitFor(); } },
  {
    name: 'multi-booking-form',
    open: async (page) => {
      await page.goto(`${BASE}/locations/1/booking_admin`);
      await page.getByTestId('new-multibooking').click();
      await page.getByTestId('multi-form').waitFor();
    },
  },
];

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const width of WIDTHS) {
    const page = await browser.newPage({ locale: 'ru-RU', viewport: { width, height: width > 800 ? 900 : 844 } });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Электронная почта').fill('admin@example.com');
    await page.getByLabel('Пароль').first().fill('admin123');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL(/\/locations$/);
    for (const shot of SHOTS) {
      await shot.open(page);
      await page.waitForLoadState('networkidle');
      const file = path.join(OUT, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file });
      console.log(file, fs.statSync(file).size);
    }
    await page.close();
  }
  await browser.close();
}

await main();
