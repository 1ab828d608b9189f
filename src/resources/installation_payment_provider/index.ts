// #29 The installation's own merchant account, which top-ups of every location's balance (refill) go to:
// the owner's tab of the tools page (any location's: the account is the installation's, the same on
// each), the same form as a location's account (GET/PUT /api/v2.1/payment_provider/, "check connection").
import { defineResource } from '../declaration';
import { PROVIDER_FIELDS } from '../payment_provider/fields';

const t = (key: string) => `app.tools.paymentProvider.${key}`;
const path = '/api/v2.1/payment_provider/';

export default defineResource({
  name: 'installation_payment_provider',
  access: { owner: true },
  menu: { tools: { order: 51, label: 'app.tools.tabs.installationPayments', tab: 'topups' } },
  api: { paging: 'none', one: path, update: { path, method: 'PUT' }, actions: { check: '/api/v2.1/payment_provider/check/' } },
  form: {
    single: { intro: t('installationIntro'), check: {
      action: 'check', label: t('check'), ok: t('checkOk'),
      args: (answer, translate) => ({ provider: translate(t(`providers.${answer.provider}`)) }),
    } },
    saved: { edit: t('installationSaved') },
    fields: PROVIDER_FIELDS,
  },
});
