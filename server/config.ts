// Every setting the server reads from the environment, in one place (README lists them).
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  product: string;
  logLevel: string;
  seedDemo: boolean;
  resetKeyTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  webDir: string;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Where the sandbox payment provider sends its callbacks (this server as it reaches itself). */
  paymentCallbackBase: string;
  /** HMAC secret of the sandbox provider's callbacks (same for every server process). */
  paymentSandboxSecret: string;
  /** Let webhooks target private, loopback and link-local addresses (tests, closed networks). Off by default: SSRF. */
  webhookAllowPrivate: boolean;
  /** HMAC secret of the signed statistics dashboard URLs (same for every server process). */
  dashboardSecret: string;
  /** How long a signed dashboard URL stays valid, in seconds. */
  dashboardUrlTtlSeconds: number;
  /** HMAC secret of the customers' booking page links (same for every server process; changing it voids the links). */
  widgetSecret: string;
  /** Booking widget: bookings, and calls that check a promo code, allowed per client address in 10 minutes. */
  widgetBookingLimit: number;
  widgetCouponLimit: number;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Venue back-office <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    product: env.PRODUCT ?? 'backoffice',
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    resetKeyTtlMinutes: intFrom(env.RESET_KEY_TTL_MINUTES, 60),
    loginMaxFailures: intFrom(env.LOGIN_MAX_FAILURES, 10),
    loginWindowMinutes: intFrom(env.LOGIN_WINDOW_MINUTES, 15),
    webDir: path.resolve(env.WEB_DIR ?? 'dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    paymentCallbackBase: (env.PAYMENT_CALLBACK_BASE ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    paymentSandboxSecret: env.PAYMENT_SANDBOX_SECRET ?? 'sandbox-secret',
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    dashboardSecret: env.DASHBOARD_SECRET ?? 'dashboard-secret',
    dashboardUrlTtlSeconds: intFrom(env.DASHBOARD_URL_TTL_SECONDS, 3600),
    widgetSecret: env.WIDGET_SECRET ?? 'widget-secret',
    widgetBookingLimit: intFrom(env.WIDGET_BOOKING_LIMIT, 10),
    widgetCouponLimit: intFrom(env.WIDGET_COUPON_LIMIT, 30),
  };
}
