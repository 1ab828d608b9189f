// Every setting the server reads from the environment, in one place (README lists them).
import path from 'node:path';
import { DEFAULT_METRICS_ALLOW, parseMetricsAllow } from './platform/metrics';
import type { S3Settings } from './platform/files';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Issue #31: the LISTEN connection's database (live events), direct when DATABASE_URL goes through a transaction pooler. Defaults to DATABASE_URL. */
  databaseListenUrl: string | undefined;
  /** Issue #31: connections this process's pool may open (DATABASE_POOL_SIZE); the live hub's LISTEN connection comes on top. */
  databasePoolSize: number;
  /** Issue #31: the hot queries as named prepared statements (DATABASE_PREPARED_STATEMENTS=on|off): off behind a transaction pooler that does not track them. */
  databasePreparedStatements: boolean;
  /** #49 What sits between the processes and PostgreSQL (DATABASE_POOLER=transaction|session); null: nothing. */
  databasePooler: 'transaction' | 'session' | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  product: string;
  logLevel: string;
  seedDemo: boolean;
  resetKeyTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Seconds an attempt waits once its address, or its account, has failed 5 × loginMaxFailures times (auth/service.ts). */
  loginSlowdownSeconds: number;
  /** Password reset requests allowed per hour for one e-mail address, and for one client address. */
  passwordResetEmailLimit: number;
  passwordResetIpLimit: number;
  /** A token unused for this many days stops working (idle lifetime). */
  tokenIdleDays: number;
  /** A token stops working this many days after sign-in, however much it is used (absolute lifetime). */
  tokenMaxAgeDays: number;
  webDir: string;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Where the sandbox payment provider sends its callbacks (this server as it reaches itself). */
  paymentCallbackBase: string;
  /**
   * The built-in sandbox payment provider (PAYMENT_SANDBOX): its pages and callback, and payment links
   * through it. #29: on only when PAYMENT_SANDBOX=on, or (unset) when the demo data is in this database
   * (resolvePaymentSandbox at start); loadConfig alone says false unless PAYMENT_SANDBOX=on.
   */
  paymentSandbox: boolean;
  /** PAYMENT_SANDBOX as given: on, off, or unset (decided by the database: demo data or not). */
  paymentSandboxSetting: 'on' | 'off' | 'demo';
  /** #29 The providers' API bases (tests and proxies point them elsewhere). */
  yookassaApiUrl: string;
  stripeApiUrl: string;
  /** #45 SMS.ru's API base (SMSRU_API_URL; the tests' local SMS.ru, a proxy). */
  smsruApiUrl: string;
  /** #29 The key that encrypts the payment providers' secrets (AES-256-GCM). '' until resolveSecrets. */
  paymentProviderKey: string;
  /** HMAC secret of the sandbox provider's callbacks (same for every server process). '' until resolveSecrets. */
  paymentSandboxSecret: string;
  /** Let webhooks target private, loopback and link-local addresses (tests, closed networks). Off by default: SSRF. */
  webhookAllowPrivate: boolean;
  /** HMAC secret of the signed statistics dashboard URLs (same for every server process). '' until resolveSecrets. */
  dashboardSecret: string;
  /** How long a signed dashboard URL stays valid, in seconds. */
  dashboardUrlTtlSeconds: number;
  /** HMAC secret of the customers' booking page links (same for every server process; changing it voids the links). '' until resolveSecrets. */
  widgetSecret: string;
  /** Booking widget: bookings, and calls that check a promo code, allowed per client address in 10 minutes. */
  widgetBookingLimit: number;
  widgetCouponLimit: number;
  /** Who may read GET /metrics: peer addresses and CIDR ranges, comma-separated, or `none` (platform/metrics.ts). */
  metricsAllow: string;
  /** How often each process re-reads the role and permissions behind its open event streams (live/access.ts). */
  liveAccessCheckSeconds: number;
  /** Event streams one user may hold open on one server process (live/routes.ts); 429 above. */
  liveStreamsPerUser: number;
  /** #48 How long a request waits for a database connection before it answers 503 (DB_TIMEOUT_MS, 5000). */
  dbTimeoutMs: number;
  /** #48 The S3-compatible bucket every kept file goes to (S3_*); null: the data folder. */
  s3: S3Settings | null;
}

/** A setting the server refuses to start with; main.ts prints its message and exits. */
export class ConfigError extends Error {}

/** The secrets' old defaults, printed in earlier READMEs: public, so never accepted. */
export const PUBLIC_SECRETS = ['sandbox-secret', 'dashboard-secret', 'widget-secret'];
export const MIN_SECRET_LENGTH = 16;

/** A secret given in the environment, or '' when none is (resolveSecrets then makes one and keeps it in the database). */
function secretFrom(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name] ?? '';
  if (value === '') return '';
  if (PUBLIC_SECRETS.includes(value)) throw new ConfigError(`${name} is a published default value; unset it (a secret is generated and kept in the database) or set a random one, e.g. openssl rand -hex 32`);
  if (value.length < MIN_SECRET_LENGTH) throw new ConfigError(`${name} is shorter than ${MIN_SECRET_LENGTH} characters; unset it (a secret is generated and kept in the database) or set a random one, e.g. openssl rand -hex 32`);
  return value;
}

/**
 * PAYMENT_SANDBOX=on|off; unset: decided at start by whether the demo data is in this database
 * (#29: never just because the database is embedded: a venue's own `npm start` takes real money).
 */
function sandboxFrom(env: NodeJS.ProcessEnv): 'on' | 'off' | 'demo' {
  const v = env.PAYMENT_SANDBOX;
  if (v === 'on' || v === 'true') return 'on';
  if (v === 'off' || v === 'false') return 'off';
  if (v) throw new ConfigError(`PAYMENT_SANDBOX must be on or off, not ${JSON.stringify(v)}`);
  return 'demo';
}

/** An http(s) base URL without its trailing slash; a typo stops the start. */
function apiBaseFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = (env[name] || fallback).replace(/\/$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new ConfigError(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`);
  return value;
}

/**
 * DATABASE_POOLER=transaction|session (#49): what sits between the processes and PostgreSQL, said by
 * whoever set up DATABASE_URL. Unset: nothing (the embedded database, or PostgreSQL directly).
 */
function poolerFrom(env: NodeJS.ProcessEnv): 'transaction' | 'session' | null {
  const v = env.DATABASE_POOLER;
  if (!v) return null;
  if (v === 'transaction' || v === 'session') return v;
  throw new ConfigError(`DATABASE_POOLER must be transaction or session, not ${JSON.stringify(v)}`);
}

/**
 * DATABASE_PREPARED_STATEMENTS=on|off (issue #31). Unset: on, unless DATABASE_POOLER=transaction (#49):
 * a transaction pooler hands each transaction another server connection, where a named statement
 * would be missing, or exist twice. Directly (the embedded database, or a DATABASE_URL to PostgreSQL
 * itself) and behind a session pooler they work, and they halve the day view's time (#49's figures).
 * `on` with a transaction pooler only where it tracks them (PgBouncer 1.21+ `max_prepared_statements`).
 */
function preparedFrom(env: NodeJS.ProcessEnv): boolean {
  const v = env.DATABASE_PREPARED_STATEMENTS;
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  if (v) throw new ConfigError(`DATABASE_PREPARED_STATEMENTS must be on or off, not ${JSON.stringify(v)}`);
  return poolerFrom(env) !== 'transaction';
}

/** DATABASE_POOL_SIZE: a positive whole number (a typo must not start a process with a pool of 0). */
function poolSizeFrom(env: NodeJS.ProcessEnv): number {
  const v = env.DATABASE_POOL_SIZE;
  if (v === undefined || v === '') return 10;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2) throw new ConfigError(`DATABASE_POOL_SIZE must be a whole number of at least 2, not ${JSON.stringify(v)}`);
  return n;
}

/** METRICS_ALLOW, checked now: a typo must stop the start, not open or close the endpoint silently. */
function metricsAllowFrom(env: NodeJS.ProcessEnv): string {
  const value = env.METRICS_ALLOW || DEFAULT_METRICS_ALLOW;
  try {
    parseMetricsAllow(value);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  return value;
}

/**
 * #48 S3_BUCKET turns the file store to the bucket; then the keys are required, and S3_ENDPOINT (an
 * http(s) URL; unset: AWS itself), S3_REGION (ru-central1 unless given: Yandex Object Storage's) and
 * S3_FORCE_PATH_STYLE=true (MinIO-like hosts) say where it is.
 */
function s3From(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!accessKeyId || !secretAccessKey) throw new ConfigError('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^\s]+$/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, not ${JSON.stringify(endpoint)}`);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() ?? '';
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, not ${JSON.stringify(pathStyle)}`);
  return { endpoint, bucket, region: env.S3_REGION?.trim() || 'ru-central1', accessKeyId, secretAccessKey, forcePathStyle: pathStyle === 'true' };
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
    // Only beside DATABASE_URL: the embedded database is listened to where it is queried.
    databaseListenUrl: env.DATABASE_URL ? env.DATABASE_LISTEN_URL || env.DATABASE_URL : undefined,
    databasePoolSize: poolSizeFrom(env),
    databasePreparedStatements: preparedFrom(env),
    databasePooler: poolerFrom(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Venue back-office <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    product: env.PRODUCT ?? 'backoffice',
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    resetKeyTtlMinutes: intFrom(env.RESET_KEY_TTL_MINUTES, 60),
    loginMaxFailures: intFrom(env.LOGIN_MAX_FAILURES, 10),
    loginWindowMinutes: intFrom(env.LOGIN_WINDOW_MINUTES, 15),
    loginSlowdownSeconds: intFrom(env.LOGIN_SLOWDOWN_SECONDS, 3),
    passwordResetEmailLimit: intFrom(env.PASSWORD_RESET_EMAIL_LIMIT, 5),
    passwordResetIpLimit: intFrom(env.PASSWORD_RESET_IP_LIMIT, 20),
    tokenIdleDays: intFrom(env.TOKEN_IDLE_DAYS, 14),
    tokenMaxAgeDays: intFrom(env.TOKEN_MAX_AGE_DAYS, 90),
    webDir: path.resolve(env.WEB_DIR ?? 'dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    paymentCallbackBase: (env.PAYMENT_CALLBACK_BASE ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    paymentSandbox: sandboxFrom(env) === 'on',
    paymentSandboxSetting: sandboxFrom(env),
    yookassaApiUrl: apiBaseFrom(env, 'YOOKASSA_API_URL', 'https://api.yookassa.ru/v3'),
    stripeApiUrl: apiBaseFrom(env, 'STRIPE_API_URL', 'https://api.stripe.com'),
    smsruApiUrl: apiBaseFrom(env, 'SMSRU_API_URL', 'https://sms.ru'),
    paymentProviderKey: secretFrom(env, 'PAYMENT_PROVIDER_KEY'),
    paymentSandboxSecret: secretFrom(env, 'PAYMENT_SANDBOX_SECRET'),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    dashboardSecret: secretFrom(env, 'DASHBOARD_SECRET'),
    dashboardUrlTtlSeconds: intFrom(env.DASHBOARD_URL_TTL_SECONDS, 3600),
    widgetSecret: secretFrom(env, 'WIDGET_SECRET'),
    widgetBookingLimit: intFrom(env.WIDGET_BOOKING_LIMIT, 10),
    widgetCouponLimit: intFrom(env.WIDGET_COUPON_LIMIT, 30),
    metricsAllow: metricsAllowFrom(env),
    liveAccessCheckSeconds: Math.max(1, intFrom(env.LIVE_ACCESS_CHECK_SECONDS, 15)),
    liveStreamsPerUser: Math.max(1, intFrom(env.LIVE_STREAMS_PER_USER, 20)),
    s3: s3From(env),
    dbTimeoutMs: Math.max(100, intFrom(env.DB_TIMEOUT_MS, 5000)),
  };
}

/** loadConfig for the entry points: a refused setting prints its reason and exits, without a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Refusing to start: ${err.message}`);
    process.exit(1);
  }
}
