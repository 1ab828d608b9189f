// The booking widget's settings (the tools page's last tab): how long an online booking holds its
// places while the customer pays (then an unpaid order is cancelled and its places freed), and until
// how many hours before the session a customer may cancel on their own page (0: until it starts).
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { defineResource } from '../declaration';

const t = (key: string) => `app.tools.widget.${key}`;
const path = '/api/v2.1/locations/{location_id}/widget_settings/';

export default defineResource({
  name: 'widget_settings',
  access: { minRole: 40 },
  menu: { tools: { order: 40, label: 'app.tools.tabs.widget', tab: 'widget' } },
  api: { paging: 'none', one: path, update: { path, method: 'PUT' } },
  // As the server: a hold of 1 minute to a day, a cancel deadline of 0 to 30 days.
  form: {
    single: { intro: t('intro') },
    saved: { edit: t('saved') },
    fields: [
      { kind: 'number', source: 'payment_minutes', label: t('paymentMinutes'), hint: t('paymentHint'), required: true, integer: true, min: 1, max: 1440 },
      { kind: 'number', source: 'cancel_hours', label: t('cancelHours'), hint: t('cancelHint'), required: true, integer: true, min: 0, max: 720 },
      // #46 The customer's page: moving up to these hours before, and what a cancel after the cut-off keeps.
      { kind: 'number', source: 'customer_move_hours', label: t('moveHours'), hint: t('moveHint'), required: true, integer: true, min: 0, max: 720 },
      { kind: 'number', source: 'customer_late_cancel_keep_percent', label: t('lateKeep'), hint: t('lateKeepHint'), required: true, integer: true, min: 0, max: 100 },
      // #39 The phone the customer's order page gives with "call the venue".
      { kind: 'text', source: 'phone', label: t('phone'), hint: t('phoneHint'), format: 'phone', maxLength: TEXT_LIMITS.phone, maxLengthMessage: 'validation.validationPhone' },
    ],
  },
});
