// #29 A location's payment provider (the tools page's tab, role 40): YooKassa with its shop ID and
// secret key, receipts (54-FZ) with the VAT rate and tax system; Stripe with its secret key and its
// webhook signing secret; or the sandbox (offered in demo mode only: no money moves). Secrets are
// write-only: the form shows whether one is set; left empty, the stored one is kept
// (GET/PUT /api/v2.1/locations/{id}/payment_provider/).
import { defineResource } from '../declaration';
import { PROVIDER_FIELDS } from './fields';

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
    fields: PROVIDER_FIELDS,
  },
});
