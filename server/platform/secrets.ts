// The server's HMAC secrets (widget links, dashboard URLs, sandbox payment callbacks). An environment
// variable gives one; otherwise it is made on first start (32 random bytes) and kept in the database's
// app_secrets table, so every process on that database signs and checks alike. Processes starting
// together each offer a value with INSERT ... ON CONFLICT DO NOTHING and then all read back the one
// that won. The old public defaults are refused by loadConfig (server/config.ts).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ConfigError, MIN_SECRET_LENGTH, PUBLIC_SECRETS, type Config } from '../config';
import type { Db } from '../db/client';

type SecretSetting = 'widgetSecret' | 'dashboardSecret' | 'paymentSandboxSecret' | 'paymentProviderKey';

/** Each secret's row in app_secrets and the variable that overrides it. */
const SECRETS: { setting: SecretSetting; name: string; env: string }[] = [
  { setting: 'widgetSecret', name: 'widget', env: 'WIDGET_SECRET' },
  { setting: 'dashboardSecret', name: 'dashboard', env: 'DASHBOARD_SECRET' },
  { setting: 'paymentSandboxSecret', name: 'payment_sandbox', env: 'PAYMENT_SANDBOX_SECRET' },
  // #29: encrypts the payment providers' credentials at rest (paymentProviders/secretBox.ts).
  { setting: 'paymentProviderKey', name: 'payment_provider_key', env: 'PAYMENT_PROVIDER_KEY' },
];

/** The secret stored under `name`, made now if there is none yet. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  const offered = crypto.randomBytes(32).toString('base64url');
  await db.execute(sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${offered}) ON CONFLICT (name) DO NOTHING`);
  const rows = await db.execute<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  const value = rows.rows[0]?.value;
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}

/** The config with every secret set: the environment's where given (checked by loadConfig), else the database's. */
export async function resolveSecrets(db: Db, config: Config): Promise<Config> {
  const resolved = { ...config };
  for (const s of SECRETS) {
    if (!resolved[s.setting]) resolved[s.setting] = await storedSecret(db, s.name);
  }
  assertStrongSecrets(resolved);
  return resolved;
}

/** buildApp's guard: no app signs with an empty, short or published secret. */
export function assertStrongSecrets(config: Config): void {
  for (const s of SECRETS) {
    const value = config[s.setting];
    if (!value || value.length < MIN_SECRET_LENGTH || PUBLIC_SECRETS.includes(value)) {
      throw new ConfigError(`${s.env}: no strong secret (resolveSecrets makes one; the published defaults and values under ${MIN_SECRET_LENGTH} characters are refused)`);
    }
  }
}
