// Issue #16, "Secrets with public defaults": the HMAC secrets are generated on first start and kept
// in the database (app_secrets), the environment overrides, the published defaults and short values
// are refused; dashboard URLs live at most DASHBOARD_URL_TTL_SECONDS; the sandbox payment provider
// is a setting (PAYMENT_SANDBOX), and when it is off its pages and callback are 404 and nothing
// makes a payment link.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { connect } from '../../server/db/client';
import { orders } from '../../server/db/schema';
import { signedQuery } from '../../server/modules/dashboards/signing';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { orderKey } from '../../server/platform/orderLinks';
import { resolveSecrets } from '../../server/platform/secrets';
import { createHarness, type Harness } from './harness';
import { exited, removeTempDirs, startServer, tempDir } from './serverProcess';

const PUBLISHED = { WIDGET_SECRET: 'widget-secret', DASHBOARD_SECRET: 'dashboard-secret', PAYMENT_SANDBOX_SECRET: 'sandbox-secret' };
const STRONG = 'x3V9q2LmR7tZp4WcY8nB1sKd6fHj0aGe';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('secrets', () => {
  it('refuses the published defaults and short values from the environment', async () => {
    for (const [name, value] of Object.entries(PUBLISHED)) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name} is a published default`));
      // Any of the three published values, under any of the names.
      expect(() => loadConfig({ [name]: 'widget-secret' }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: 'short-secret' }), name).toThrow(/shorter than 16/);
      expect(loadConfig({ [name]: STRONG })).toMatchObject({ [name === 'WIDGET_SECRET' ? 'widgetSecret' : name === 'DASHBOARD_SECRET' ? 'dashboardSecret' : 'paymentSandboxSecret']: STRONG });
    }
    // Unset: left for resolveSecrets, and buildApp refuses a config that has not been through it.
    expect(loadConfig({})).toMatchObject({ widgetSecret: '', dashboardSecret: '', paymentSandboxSecret: '' });
    await expect(buildApp({ db: h.database.db, pool: h.database.pool, config: { ...h.config, widgetSecret: '' }, mailer: { send: async () => {} } })).rejects.toThrow(/WIDGET_SECRET/);
  });

  it('the server process will not start with a published default', async () => {
    const server = startServer({ WIDGET_SECRET: 'widget-secret', PORT: '1', DATA_DIR: tempDir(), DATABASE_URL: '' });
    expect(await exited(server)).toBe(1);
    expect(server.output()).toContain('Refusing to start: WIDGET_SECRET is a published default value');
  });

  it('generates strong secrets into the database, and the environment overrides them', async () => {
    const rows = (await h.database.db.execute<{ name: string; value: string }>(sql`SELECT name, value FROM app_secrets ORDER BY name`)).rows;
    expect(rows.map((r) => r.name)).toEqual(['dashboard', 'payment_provider_key', 'payment_sandbox', 'widget']);
    expect(h.config).toMatchObject({
      widgetSecret: rows.find((r) => r.name === 'widget')!.value,
      dashboardSecret: rows.find((r) => r.name === 'dashboard')!.value,
      paymentSandboxSecret: rows.find((r) => r.name === 'payment_sandbox')!.value,
    });
    for (const r of rows) expect(r.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(rows.map((r) => r.value)).size).toBe(4);
    const given = await resolveSecrets(h.database.db, { ...loadConfig({ WIDGET_SECRET: STRONG }) });
    expect(given.widgetSecret).toBe(STRONG);
    expect(given.dashboardSecret).toBe(h.config.dashboardSecret);
  });

  it('two app instances on one database agree on the generated secrets', async () => {
    const url = (h.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const other = connect(url, 2);
    try {
      // A second process on the same database: its own connections, its own config, the same secrets.
      const config = await resolveSecrets(other.db, { ...loadConfig({}), dataDir: h.config.dataDir, publicUrl: h.config.publicUrl });
      expect([config.widgetSecret, config.dashboardSecret, config.paymentSandboxSecret])
        .toEqual([h.config.widgetSecret, h.config.dashboardSecret, h.config.paymentSandboxSecret]);
      const appB = await buildApp({ db: other.db, pool: other.pool, config, mailer: { send: async () => {} } });
      try {
        // A dashboard URL handed out by one instance opens on the other.
        const res = await h.call('GET', '/api/v2.1/dashboards/revenue/source/?location=1', { token: admin, lang: 'en' });
        const page = new URL(res.json().url as string);
        expect((await appB.inject({ method: 'GET', url: page.pathname + page.search })).statusCode).toBe(200);
      } finally {
        await appB.close();
      }

      // First start of several processes at once (nothing stored yet): they all end up with one value each.
      await h.database.db.execute(sql`DELETE FROM app_secrets`);
      const third = connect(url, 2);
      try {
        const [a, b, c] = await Promise.all([other, third, h.database].map((d) => resolveSecrets(d.db, loadConfig({}))));
        for (const s of ['widgetSecret', 'dashboardSecret', 'paymentSandboxSecret'] as const) {
          expect(b![s]).toBe(a![s]);
          expect(c![s]).toBe(a![s]);
          expect(a![s]).not.toBe(h.config[s]);
        }
      } finally {
        await third.close();
      }
    } finally {
      await other.close();
    }
  });
});

describe('what the published secrets used to forge', () => {
  it('a widget order key made with the old default secret is 404; the real one opens', async () => {
    const [order] = await h.database.db.update(orders).set({ source: 'widget' }).where(eq(orders.id, 1)).returning();
    // Secrets were regenerated by the previous test in the database; this app still signs with its own.
    expect((await h.call('GET', `/api/public/orders/${orderKey('widget-secret', order!.id)}/?lang=en`)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/public/orders/${orderKey(h.config.widgetSecret, order!.id)}/?lang=en`)).statusCode).toBe(200);
  });

  it('a dashboard URL whose expiry is beyond the TTL is refused even when signed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const open = (secret: string, expires: number) =>
      h.app.inject({ method: 'GET', url: `/dashboards/revenue/?${signedQuery(secret, { dashboard: 'revenue', location: 1, expires })}&lang=en` });
    expect((await open(h.config.dashboardSecret, now + 600)).statusCode).toBe(200);
    expect(h.config.dashboardUrlTtlSeconds).toBe(3600);
    expect((await open(h.config.dashboardSecret, now + 3600 + 120)).statusCode).toBe(403);
    // The audit's example: signed for the year 2100.
    expect((await open(h.config.dashboardSecret, 4102444800)).statusCode).toBe(403);
    expect((await open('dashboard-secret', 4102444800)).statusCode).toBe(403);
    expect((await open('dashboard-secret', now + 600)).statusCode).toBe(403);
  });

  it('the payment callback signed with the old default secret is refused', async () => {
    const body = { external_id: 'sandbox-00000000000000000000000000000000', outcome: 'paid' };
    const res = await h.call('POST', '/api/v2.1/payments/sandbox/callback/', { body, headers: { 'x-sandbox-signature': sandboxSignature('sandbox-secret', JSON.stringify(body)) } });
    expect(res.statusCode).toBe(403);
  });
});

describe('PAYMENT_SANDBOX', () => {
  it('is on only when asked for or with the demo data, never because the database is embedded (#29)', () => {
    // Unset: decided at start by the database (main.ts: demo data or not); loadConfig alone takes no money through it.
    expect(loadConfig({})).toMatchObject({ paymentSandbox: false, paymentSandboxSetting: 'demo' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).paymentSandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).paymentSandbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', PAYMENT_SANDBOX: 'on' }).paymentSandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' })).toMatchObject({ paymentSandbox: false, paymentSandboxSetting: 'off' });
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'maybe' })).toThrow(ConfigError);
  });

  it('off: the sandbox pages and callback answer 404; a bill or a top-up is a 400', async () => {
    const off = await createHarness({ config: { paymentSandbox: false } });
    try {
      const token = 'a'.repeat(32);
      expect((await off.call('GET', `/sandbox/pay/${token}`)).statusCode).toBe(404);
      expect((await off.call('POST', `/sandbox/pay/${token}`, { body: 'outcome=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
      const body = { external_id: `sandbox-${token}`, outcome: 'paid' };
      const signed = { 'x-sandbox-signature': sandboxSignature(off.config.paymentSandboxSecret, JSON.stringify(body)) };
      expect((await off.call('POST', '/api/v2.1/payments/sandbox/callback/', { body, headers: signed })).statusCode).toBe(404);

      // Nothing makes a link that leads nowhere: a staff bill and a top-up are a 400 that says why.
      const token2 = await off.login('admin@example.com', 'admin123');
      const [owing] = (await off.database.db.execute<{ id: number; owed: string }>(
        sql`SELECT id, (purchase - paid)::text AS owed FROM orders WHERE status = 2 AND paid < purchase ORDER BY id LIMIT 1`)).rows;
      const refused = { non_field_errors: ['Payment links are not available: no payment provider is configured.'] };
      const bill = await off.call('POST', `/api/v2.1/booking/${owing!.id}/pay/`, { token: token2, lang: 'en', body: { payment_type: 4, purchase: owing!.owed } });
      expect(bill.statusCode, bill.body).toBe(400);
      expect(bill.json()).toEqual(refused);
      expect((await off.database.db.select().from(orders).where(eq(orders.id, owing!.id)))[0]!.bill).toBeFalsy();
      await off.database.db.execute(sql`UPDATE locations SET allow_refill = true WHERE id = 1`);
      const topUp = await off.call('POST', '/api/v2.2/locations/1/refill/', { token: token2, lang: 'en', body: { amount: '500' } });
      expect(topUp.statusCode, topUp.body).toBe(400);
      expect(topUp.json()).toEqual(refused);
    } finally {
      await off.close();
    }
  });
});
