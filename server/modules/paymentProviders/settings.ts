// #29 The payment provider settings of a location (GET/PUT /api/v2.1/locations/{id}/payment_provider/,
// role 40 there) and of the installation (GET/PUT /api/v2.1/payment_provider/, the owner: the account
// top-ups go to). Secrets are write-only: stored sealed (secretBox.ts), answered as `*_set` booleans;
// a PUT without one keeps the stored one; choosing another provider (or none) drops them.
import { eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { paymentProviders } from '../../db/schema';
import { fieldError, ApiError } from '../../platform/errors';
import { translate, type Lang, type MessageKey } from '../../platform/messages';
import { requireManagerAt } from '../locations/service';
import { seal, unseal } from './secretBox';
import { NOTIFICATION_PATHS, type PaymentConfig, type ProviderName } from './types';
import { checkYooKassa } from './yookassa';
import { checkStripe } from './stripe';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

export interface ProviderAccount {
  provider: ProviderName | null;
  shopId: string;
  secretKey: string | null;
  webhookSecret: string | null;
  receipts: boolean;
  vatCode: number | null;
  taxSystemCode: number | null;
}

export interface ProviderSettingsInput {
  provider?: ProviderName | null;
  shop_id?: string;
  secret_key?: string;
  webhook_secret?: string;
  receipts?: boolean;
  vat_code?: number | null;
  tax_system_code?: number | null;
}

const scopeOf = (locationId: number | null) => (locationId === null ? isNull(paymentProviders.locationId) : eq(paymentProviders.locationId, locationId));

async function row(db: DbOrTx, locationId: number | null) {
  const [r] = await db.select().from(paymentProviders).where(scopeOf(locationId));
  return r ?? null;
}

/** The account with its secrets opened (null: nothing set up). A secret sealed under another key reads as not set. */
export async function loadAccount(db: DbOrTx, config: Pick<PaymentConfig, 'paymentProviderKey'>, locationId: number | null): Promise<ProviderAccount | null> {
  const r = await row(db, locationId);
  if (!r) return null;
  const open = (v: string | null) => (v ? unseal(config.paymentProviderKey, v) : null);
  return {
    provider: (r.provider as ProviderName | null) ?? null, shopId: r.shopId, secretKey: open(r.secretKeyEnc), webhookSecret: open(r.webhookSecretEnc),
    receipts: r.receipts, vatCode: r.vatCode, taxSystemCode: r.taxSystemCode,
  };
}

/**
 * The signing secrets of every account set up with Stripe, the account `first` names (a location, or null:
 * the installation's) first: Stripe signs each event with the secret of the endpoint it sends it to, and
 * locations that share one Stripe account share that endpoint (our one webhook URL) and its secret.
 */
export async function stripeWebhookSecrets(db: DbOrTx, config: Pick<PaymentConfig, 'paymentProviderKey'>, first?: number | null): Promise<string[]> {
  const rows = await db.select({ locationId: paymentProviders.locationId, sealed: paymentProviders.webhookSecretEnc }).from(paymentProviders)
    .where(eq(paymentProviders.provider, 'stripe'));
  rows.sort((a, b) => Number(b.locationId === first) - Number(a.locationId === first));
  return rows.map((r) => (r.sealed ? unseal(config.paymentProviderKey, r.sealed) : null)).filter((v): v is string => !!v);
}

/** YooKassa's test shop keys start with test_ (live_ for a live one); Stripe's with sk_test_ (rk_test_ restricted). */
export function isTestKey(provider: string | null | undefined, secretKey: string | null): boolean {
  if (!secretKey) return false;
  if (provider === 'yookassa') return secretKey.startsWith('test_');
  if (provider === 'stripe') return /^(sk|rk)_test_/.test(secretKey);
  return false;
}

/**
 * #38 What the account's staff should know: on a live install (not the demo) test keys take only
 * test payments, and those settle no order and credit no balance. Answered while it holds (GET and
 * the save), only then (an ordinary account keeps the answer's shape).
 */
function warningsOf(r: Awaited<ReturnType<typeof row>>, config: Pick<PaymentConfig, 'paymentSandbox' | 'paymentProviderKey'>, lang: Lang): { warnings?: string[] } {
  if (config.paymentSandbox || !r?.secretKeyEnc) return {};
  return isTestKey(r.provider, unseal(config.paymentProviderKey, r.secretKeyEnc)) ? { warnings: [translate(lang, 'payment_provider_test_keys')] } : {};
}

function view(r: Awaited<ReturnType<typeof row>>, config: Pick<PaymentConfig, 'paymentSandbox' | 'paymentProviderKey' | 'publicUrl'>, lang: Lang) {
  return {
    provider: (r?.provider as ProviderName | null) ?? null, shop_id: r?.shopId ?? '',
    secret_key_set: !!r?.secretKeyEnc, webhook_secret_set: !!r?.webhookSecretEnc,
    receipts: r?.receipts ?? false, vat_code: r?.vatCode ?? null, tax_system_code: r?.taxSystemCode ?? null,
    // The screen offers the sandbox only where the server would take it.
    sandbox_available: config.paymentSandbox,
    // #42 The addresses to paste into each provider's dashboard (the screen shows the chosen one with a copy button).
    notification_urls: { yookassa: `${config.publicUrl}${NOTIFICATION_PATHS.yookassa}`, stripe: `${config.publicUrl}${NOTIFICATION_PATHS.stripe}` },
    ...warningsOf(r, config, lang),
  };
}
export type ProviderSettingsView = ReturnType<typeof view>;

async function allowed(db: Db, userId: number, locationId: number | null): Promise<void> {
  // The installation's account: the route declares `owner`; a location's: role 40 there (404 where the caller has none).
  if (locationId !== null) await requireManagerAt(db, userId, locationId);
}

export async function getProviderSettings(db: Db, config: PaymentConfig, userId: number, locationId: number | null, lang: Lang): Promise<ProviderSettingsView> {
  await allowed(db, userId, locationId);
  return view(await row(db, locationId), config, lang);
}

export async function saveProviderSettings(db: Db, config: PaymentConfig, userId: number, locationId: number | null, body: ProviderSettingsInput, lang: Lang): Promise<ProviderSettingsView> {
  await allowed(db, userId, locationId);
  const input = { ...body, provider: body.provider ?? null };
  if (input.provider === 'sandbox' && !config.paymentSandbox) throw fieldError('provider', 'payment_sandbox_demo_only');
  const before = await row(db, locationId);
  const sameProvider = before?.provider === input.provider;
  const given = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
  const secretKeyEnc = given(input.secret_key) !== undefined ? seal(config.paymentProviderKey, input.secret_key!) : sameProvider ? before?.secretKeyEnc ?? null : null;
  const webhookSecretEnc = given(input.webhook_secret) !== undefined ? seal(config.paymentProviderKey, input.webhook_secret!) : sameProvider ? before?.webhookSecretEnc ?? null : null;
  const real = input.provider === 'yookassa' || input.provider === 'stripe';
  // #29 Stripe: no shop id, and no 54-FZ receipts (those are YooKassa's).
  const stripe = input.provider === 'stripe';
  const values = {
    provider: input.provider, shopId: input.provider === 'yookassa' ? (input.shop_id ?? before?.shopId ?? '').trim() : '',
    secretKeyEnc: real ? secretKeyEnc : null, webhookSecretEnc: real ? webhookSecretEnc : null,
    receipts: stripe ? false : input.receipts ?? false, vatCode: stripe ? null : input.vat_code ?? null, taxSystemCode: stripe ? null : input.tax_system_code ?? null, updatedAt: new Date(),
  };
  const errors: [string, MessageKey][] = [];
  if (values.provider === 'yookassa') {
    if (!values.shopId) errors.push(['shop_id', 'required']);
    if (!values.secretKeyEnc) errors.push(['secret_key', 'required']);
    if (values.receipts && values.vatCode === null) errors.push(['vat_code', 'required']);
  }
  if (stripe) {
    // The secret key makes the links, the signing secret checks Stripe's events: both, and the kinds Stripe issues
    // (a secret or restricted key, never the publishable pk_ one; a webhook signing secret).
    if (!values.secretKeyEnc) errors.push(['secret_key', 'required']);
    else if (given(input.secret_key) && !/^(sk|rk)_(test|live)_/.test(input.secret_key!)) errors.push(['secret_key', 'stripe_secret_key_invalid']);
    if (!values.webhookSecretEnc) errors.push(['webhook_secret', 'required']);
    else if (given(input.webhook_secret) && !input.webhook_secret!.startsWith('whsec_')) errors.push(['webhook_secret', 'stripe_webhook_secret_invalid']);
  }
  if (errors.length) throw new ApiError(400, undefined, Object.fromEntries(errors.map(([f, k]) => [f, [{ key: k }]])));
  await db.transaction(async (tx) => {
    // Two saves racing to make the first row: the unique index stops the second (a 400 through the writes' `unique` (writes.ts)).
    if (before) await tx.update(paymentProviders).set(values).where(eq(paymentProviders.id, before.id));
    else await tx.insert(paymentProviders).values({ locationId, ...values });
    // Never the secrets' values: whether they are set, and whether this change replaced them.
    const shape = (r: { provider: string | null; shopId: string; secretKeyEnc: string | null; webhookSecretEnc: string | null; receipts: boolean; vatCode: number | null; taxSystemCode: number | null } | null) => r && {
      provider: r.provider, shop_id: r.shopId, secret_key_set: !!r.secretKeyEnc, webhook_secret_set: !!r.webhookSecretEnc,
      receipts: r.receipts, vat_code: r.vatCode, tax_system_code: r.taxSystemCode,
    };
    const after = { ...shape(values)!, ...(given(input.secret_key) ? { secret_key_changed: true } : {}), ...(given(input.webhook_secret) ? { webhook_secret_changed: true } : {}) };
    await recordEffects(tx, { activity: activityChange(locationId, 'payment_provider.changed', '', shape(before), after) });
  });
  return view(await row(db, locationId), config, lang);
}

/** "Check connection": tries the stored credentials against the provider (400 with the reason when they fail). */
export async function checkProviderSettings(db: Db, config: PaymentConfig, userId: number, locationId: number | null): Promise<{ ok: true; provider: ProviderName }> {
  await allowed(db, userId, locationId);
  const account = await loadAccount(db, config, locationId);
  if (!account?.provider) throw fieldError('non_field_errors', 'payment_provider_not_set');
  if (account.provider === 'yookassa') {
    if (!account.secretKey) throw fieldError('secret_key', 'required');
    await checkYooKassa({ apiUrl: config.yookassaApiUrl, shopId: account.shopId, secretKey: account.secretKey });
  }
  if (account.provider === 'stripe') {
    if (!account.secretKey) throw fieldError('secret_key', 'required');
    await checkStripe({ apiUrl: config.stripeApiUrl, secretKey: account.secretKey });
  }
  return { ok: true, provider: account.provider };
}
