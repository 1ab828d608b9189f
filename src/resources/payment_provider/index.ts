// #29 A location's payment provider (the tools page's tab, role 40): YooKassa with its shop ID and
// secret key, receipts (54-FZ) with the VAT rate and tax system; Stripe with its secret key and its
// webhook signing secret; or the sandbox (offered in demo mode only: no money moves). Secrets are
// write-only: the form shows whether one is set; left empty, the stored one is kept
// (GET/PUT /api/v2.1/locations/{id}/payment_provider/).
import { defineResource, enumChoices } from '../declaration';

const t = (key: string) => `app.tools.paymentProvider.${key}`;
const path = '/api/v2.1/locations/{location_id}/payment_provider/';

export default defineResource({
  name: 'payment_provider',
  access: { minRole: 40 },
  menu: { tools: { order: 50, label: 'app.tools.tabs.payments', tab: 'payments' } },
  api: { paging: 'none', one: path, update: { path, method: 'PUT' }, actions: { check: '/api/v2.1/locations/{location_id}/payment_provider/check/' } },
  form: {
    single: { intro: t('intro'), check: {
      action: 'check', label: t('check'), ok: t('checkOk'),
      args: (answer, translate) => ({ provider: translate(t(`providers.${answer.provider}`)) }),
    } },
    saved: { edit: t('saved') },
    fields: [
      { kind: 'select', source: 'provider', label: t('provider'), hint: (v) => (v.provider === 'stripe' ? t('stripeHint') : v.sandbox_available ? t('sandboxHint') : t('providerHint')),
        choices: enumChoices(['yookassa', 'stripe', 'sandbox'], t('providers.')) },
      { kind: 'text', source: 'shop_id', label: t('shop_id'), maxLength: 64, row: 1 },
      { kind: 'text', source: 'secret_key', label: t('secret_key'), maxLength: 200, row: 1, hint: (v) => (v.secret_key_set ? t('secretSet') : t('secretNotSet')) },
      // Stripe's: the endpoint's signing secret (whsec_…), write-only like the key.
      { kind: 'text', source: 'webhook_secret', label: t('webhook_secret'), maxLength: 200, hint: (v) => (v.webhook_secret_set ? t('webhookSecretSet') : t('webhookSecretNotSet')) },
      { kind: 'boolean', source: 'receipts', label: t('receipts'), hint: t('receiptsHint') },
      { kind: 'select', source: 'vat_code', label: t('vat_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], t('vat.')) },
      { kind: 'select', source: 'tax_system_code', label: t('tax_system_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6], t('tax.')) },
    ],
  },
});
