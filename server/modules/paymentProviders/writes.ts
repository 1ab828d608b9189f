// #29 The payment provider settings' writes: PUT /api/v2.1/locations/{id}/payment_provider/ (role 40
// there) and PUT /api/v2.1/payment_provider/ (the owner: the installation's account for top-ups), and
// "check connection": POST .../payment_provider/check/ (tries the stored credentials against the provider).
import { z } from 'zod';
import { PAYMENT_PROVIDER_FIELDS } from '../../../domain/fieldLabels';
import { defineWrite } from '../../platform/writes';
import { PROVIDER_NAMES } from './types';
import { checkProviderSettings, saveProviderSettings } from './settings';

export const ProviderSettings = z.object({
  provider: z.enum(PROVIDER_NAMES).nullable(), shop_id: z.string(),
  secret_key_set: z.boolean(), webhook_secret_set: z.boolean(),
  receipts: z.boolean(), vat_code: z.number().int().nullable(), tax_system_code: z.number().int().nullable(),
  sandbox_available: z.boolean(),
  notification_urls: z.object({ yookassa: z.string(), stripe: z.string() }).describe('#42 Where each provider sends its notifications: to paste into its dashboard.'),
  warnings: z.array(z.string()).optional().describe('#38 Only when there is something to know: on a live install, test keys take test payments, which pay no order and credit no balance.'),
});
const CheckResult = z.object({ ok: z.literal(true), provider: z.enum(PROVIDER_NAMES) });

// YooKassa's codes: vat_code 1-12 (none, 0%, 10%, 20%, 10/110, 20/120, 5%, 7%, 5/105, 7/107, 22%, 22/122), tax_system_code 1-6.
// An empty select of the form is '' : none.
const orNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema);
const fields = {
  // Absent or empty: none.
  provider: orNull(z.enum(PROVIDER_NAMES).nullable().optional()),
  shop_id: z.string().trim().max(64).regex(/^[0-9A-Za-z_-]*$/, { message: 'invalid' }).optional(),
  // Write-only; empty or absent keeps the stored one.
  secret_key: z.string().trim().max(200).optional(),
  webhook_secret: z.string().trim().max(200).optional(),
  receipts: z.boolean().optional(),
  vat_code: orNull(z.number().int().min(1).max(12).nullable().optional()),
  tax_system_code: orNull(z.number().int().min(1).max(6).nullable().optional()),
};
const labels = PAYMENT_PROVIDER_FIELDS;
const tags = ['payment providers'];
// Two first saves racing: the second hits the one-row-per-account index; a 400 asking to try again, never a 500.
const unique = { field: 'provider' as const, message: 'busy' as const };

export const saveLocationProvider = defineWrite({
  records: { activity: 'payment_provider.changed' },
  kind: 'update', path: '/api/v2.1/locations/:id/payment_provider/', summary: 'Set a location\'s payment provider', tags, access: { minRole: 40 },
  fields, labels, unique, answer: ProviderSettings,
  readBack: { path: '/api/v2.1/locations/:location/payment_provider/', writeOnly: ['secret_key', 'webhook_secret'] },
  run: ({ db, deps, user, params, body, lang }) => saveProviderSettings(db, deps.config, user.id, params.id, body, lang),
});
export const checkLocationProvider = defineWrite({
  records: { activity: { none: 'a check of the credentials with the provider: nothing is stored' } },
  kind: 'action', path: '/api/v2.1/locations/:id/payment_provider/check/', summary: 'Try a location\'s payment provider credentials', tags, access: { minRole: 40 },
  answer: CheckResult,
  run: ({ db, deps, user, params }) => checkProviderSettings(db, deps.config, user.id, params.id),
});
export const saveInstallationProvider = defineWrite({
  records: { activity: 'payment_provider.changed' },
  kind: 'update', path: '/api/v2.1/payment_provider/', summary: 'Set the installation\'s payment provider (top-ups)', tags, access: { owner: true },
  // The owner's "top-ups account" tab of the tools page sends it (src/resources/installation_payment_provider).
  fields, labels, unique, answer: ProviderSettings,
  readBack: { path: '/api/v2.1/payment_provider/', writeOnly: ['secret_key', 'webhook_secret'] },
  run: ({ db, deps, user, body, lang }) => saveProviderSettings(db, deps.config, user.id, null, body, lang),
});
export const checkInstallationProvider = defineWrite({
  records: { activity: { none: 'a check of the credentials with the provider: nothing is stored' } },
  kind: 'action', path: '/api/v2.1/payment_provider/check/', summary: 'Try the installation\'s payment provider credentials', tags, access: { owner: true },
  // No body or path parameter: the strict empty query is what documents its 400 (no provider chosen, a refusal).
  query: z.strictObject({}), answer: CheckResult,
  run: ({ db, deps, user }) => checkProviderSettings(db, deps.config, user.id, null),
});
