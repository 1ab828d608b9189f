// #28 SETUP: a venue from an empty database, as its owner does it. A server of its own (not the demo
// one of playwright.config.ts) on E2E_PORT + 50, with an empty data folder and SEED_DEMO=false: the
// setup link read from its log, the owner created on the setup page, then the first location in
// Moscow with RUB; in ru and in en, each on a fresh server. The lead extends it to the whole path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8123) + 50;
const base = `http://127.0.0.1:${port}`;

interface Server { child: ChildProcess; log: () => string; dir: string }

async function startEmptyServer(): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-setup-e2e-'));
  // The embedded PostgreSQL may run as another user (as root): it must reach the folder.
  fs.chmodSync(dir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, PUBLIC_URL: base, SEED_DEMO: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  for (let i = 0; i < 900 && child.exitCode === null; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { child, log: () => out, dir };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the empty server did not come up:\n${out}`);
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dir, { recursive: true, force: true });
}

const TEXTS = {
  ru: {
    title: 'Первый запуск', name: 'Ваше имя', email: 'Электронная почта', password: 'Пароль', confirm: 'Повторите пароль', submit: 'Создать владельца',
    firstLocation: 'Создайте первую локацию', locName: 'Название', country: 'Страна', city: 'Город', timezone: 'Часовой пояс', currency: 'Валюта',
    create: 'Создать локацию', locations: 'Локации', notFound: 'Страница не найдена',
  },
  en: {
    title: 'First start', name: 'Your name', email: 'E-mail', password: 'Password', confirm: 'Repeat the password', submit: 'Create the owner',
    firstLocation: 'Create the first location', locName: 'Name', country: 'Country', city: 'City', timezone: 'Time zone', currency: 'Currency',
    create: 'Create the location', locations: 'Locations', notFound: 'Page not found',
  },
};

for (const lang of ['ru', 'en'] as const) {
  test(`first start in ${lang}: the setup link from the log, the owner, the first location in Moscow with RUB`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const server = await startEmptyServer();
    try {
      const link = server.log().match(/https?:\/\/\S+\/setup\/[0-9a-f]{40}/)?.[0];
      expect(link, server.log()).toBeTruthy();
      expect(server.log().match(/\/setup\/[0-9a-f]{40}/g)).toHaveLength(1);

      await page.goto(link!);
      if (lang === 'en') await page.getByRole('button', { name: 'EN' }).click();
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
      await page.getByLabel(t.name).fill('Olga Owner');
      await page.getByLabel(t.email).fill('owner@example.com');
      // The first of the two password inputs (the second's label holds the word too).
      await page.getByLabel(t.password).first().fill('owner123');
      await page.getByLabel(t.confirm).fill('owner123');
      await page.getByRole('button', { name: t.submit }).click();

      await expect(page.getByRole('heading', { name: t.firstLocation })).toBeVisible();
      await page.getByLabel(t.locName).fill('VR Moscow');
      await page.getByLabel(t.country).fill(lang === 'ru' ? 'Россия' : 'Russia');
      await page.getByLabel(t.city).fill(lang === 'ru' ? 'Москва' : 'Moscow');
      await page.getByLabel(t.timezone).fill('Europe/Mos');
      await page.getByRole('option', { name: 'Europe/Moscow' }).click();
      // The location's currency, before the B2B one.
      await page.getByLabel(t.currency).first().fill('RUB');
      await page.getByRole('option', { name: /^RUB ₽/ }).click();
      await page.getByRole('button', { name: t.create }).click();

      // The owner lands on the list of locations, administrator of the new one; the ruble is its money.
      await expect(page).toHaveURL(/\/locations$/);
      const row = page.getByRole('row', { name: /VR Moscow/ });
      await expect(row).toContainText(lang === 'ru' ? 'Москва' : 'Moscow');
      await expect(row.getByTestId('balance')).toContainText('₽');

      // The link is used up: the setup page is not found now.
      await page.goto(link!);
      await expect(page.getByRole('heading', { name: t.notFound })).toBeVisible();
    } finally {
      await stop(server);
    }
  });
}
