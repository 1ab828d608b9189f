// #29 The provider form's fields, shared by a location's account (the payment_provider tab) and the
// installation's own one for top-ups (installation_payment_provider, the owner's).
import { enumChoices, type FieldDeclaration } from '../declaration';

const t = (key: string) => `app.tools.paymentProvider.${key}`;

// #42 The sandbox is offered only where the server takes it (the demo: PAYMENT_SANDBOX), never on a live install.
const choices = enumChoices(['yookassa', 'stripe', 'sandbox'], t('providers.'))
  .map((c) => (c.value === 'sandbox' ? { ...c, when: (record: Record<string, any>) => record.sandbox_available === true } : c));

export const PROVIDER_FIELDS: FieldDeclaration[] = [
  { kind: 'select', source: 'provider', label: t('provider'), hint: (v) => (v.provider === 'stripe' ? t('stripeHint') : v.sandbox_available ? t('sandboxHint') : t('providerHint')),
    choices },
  // #42 Where the chosen provider sends its notifications: to paste into its dashboard.
  { kind: 'copy', source: 'notification_url', label: t('notificationUrl'), readOnly: true,
    hint: (v) => (v.provider === 'stripe' ? t('notificationUrlStripe') : t('notificationUrlYooKassa')),
    value: (v, record) => (v.provider === 'yookassa' || v.provider === 'stripe' ? record.notification_urls?.[v.provider] ?? null : null) },
  { kind: 'text', source: 'shop_id', label: t('shop_id'), maxLength: 64, row: 1 },
  // #42 Secrets masked as they are typed.
  { kind: 'text', source: 'secret_key', label: t('secret_key'), maxLength: 200, row: 1, format: 'secret', hint: (v) => (v.secret_key_set ? t('secretSet') : t('secretNotSet')) },
  // Stripe's: the endpoint's signing secret (whsec_…), write-only like the key.
  { kind: 'text', source: 'webhook_secret', label: t('webhook_secret'), maxLength: 200, format: 'secret', hint: (v) => (v.webhook_secret_set ? t('webhookSecretSet') : t('webhookSecretNotSet')) },
  { kind: 'boolean', source: 'receipts', label: t('receipts'), hint: t('receiptsHint') },
  { kind: 'select', source: 'vat_code', label: t('vat_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], t('vat.')) },
  { kind: 'select', source: 'tax_system_code', label: t('tax_system_code'), row: 2, choices: enumChoices([1, 2, 3, 4, 5, 6], t('tax.')) },
];
