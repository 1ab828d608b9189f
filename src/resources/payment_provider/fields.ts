// #29 The provider form's fields, shared by a location's account (the payment_provider tab) and the
// installation's own one for top-ups (installation_payment_provider, the owner's).
import { enumChoices, type FieldDeclaration } from '../declaration';

const t = (key: string) => `app.tools.paymentProvider.${key}`;

export const PROVIDER_FIELDS: FieldDeclaration[] = [
  { kind: 'select', source: 'provider', label: t('provider'), hint: (v) => (v.provider === 'stripe' ? t('stripeHint') : v.sandbox_available ? t('sandboxHint') : t('providerHint')),
    choices: enumChoices(['yookassa', 'stripe', 'sandbox'], t('providers.')) },
  { kind: 'text', source: 'shop_id', label: t('shop_id'), maxLength: 64, row: 1 },
  { kind: 'text', source: 'secret_key', label: t('secret_key'), maxLength: 200, row: 1, hint: (v) => (v.secret_key_set ? t('secretSet') : t('secretNotSet')) },
  // Stripe's: the endpoint's signing secret (whsec_…), write-only like the key.
  { kind: 'text', source: 'webhook_secret', label: t('webhook_secret'), maxLength: 200, hint: (v) => (v.webhook_secret_set ? t('webhookSecretSet') : t('webhookSecretNotSet')) },
  { kind: 'boolean', source: 'receipts', label: t('receipts'), hint: t('receiptsHint') },
  { kind: 'select', source: 'vat_code', label: t('vat_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], t('vat.')) },
  { kind: 'select', source: 'tax_system_code', label: t('tax_system_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6], t('tax.')) },
];
