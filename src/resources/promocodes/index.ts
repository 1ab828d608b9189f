// Promo codes of the location (the tools page; the spec has no screen for them, decisions.md "Promo
// codes"): create, edit, switch off or on again, delete. Bookings check and count them on the server.
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { defineResource, enumChoices, lazyPart, type FieldRule } from '../declaration';
import { TEXT_LIMITS } from '../../../domain/textLimits';

const t = (key: string) => `app.tools.promo.${key}`;
const cells = () => import('./PromocodeCells');

/** The range the type allows: a fraction of the price (0.15 is 15 %) or a flat amount of at least 1. */
const discountRange: FieldRule = (value, values) => {
  const n = Number(String(value ?? '').trim().replace(',', '.'));
  if (!String(value ?? '').trim() || Number.isNaN(n)) return undefined;
  if (values.type === 'fraction' && !(n > 0 && n < 1)) return t('fractionRange');
  if (values.type === 'flat' && n < 1) return t('flatMin');
  return undefined;
};
const endAfterStart: FieldRule = (value, values) =>
  (value && values.valid_from && String(value) < String(values.valid_from) ? t('dateOrder') : undefined);

export default defineResource({
  name: 'promocodes',
  access: { minRole: 40 },
  menu: { tools: { order: 20, label: 'app.tools.tabs.promo', tab: 'promocodes' } },
  api: {
    list: '/api/v2.1/locations/{location_id}/promocodes/',
    paging: 'none',
    create: '/api/v2.1/locations/{location_id}/promocodes/',
    update: { path: '/api/v2.1/promocodes/{id}/', method: 'PUT' },
    delete: '/api/v2.1/promocodes/{id}/',
    actions: { setActive: { path: '/api/v2.1/promocodes/{id}/active/', method: 'PATCH' } },
  },
  list: {
    title: 'app.tools.tabs.promo',
    empty: t('empty'),
    hint: t('hint'),
    columns: [
      { kind: 'text', source: 'code', label: t('code'), monospace: true },
      { kind: 'enum', source: 'type', label: t('type'), prefix: 'app.tools.promo.types.' },
      { kind: 'custom', source: 'discount', label: t('discount'), render: lazyPart(cells, 'PromocodeDiscount') },
      { kind: 'date', source: 'valid_from', label: t('validFrom') },
      { kind: 'date', source: 'valid_to', label: t('validTo') },
      { kind: 'custom', source: 'usage_limit', label: t('usageLimit'), render: lazyPart(cells, 'UsageLimit') },
      { kind: 'text', source: 'used_count', label: t('usedCount') },
      { kind: 'custom', source: 'status', label: t('status'), render: lazyPart(cells, 'PromocodeStatusChip') },
    ],
  },
  // As the server: letters, digits, "_" and "-" (bookings match codes without regard to case).
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    fields: [
      { kind: 'text', source: 'code', label: t('code'), required: true, maxLength: TEXT_LIMITS.promocode, pattern: { regex: /^[\p{L}\p{N}_-]+$/u, message: t('codeFormat') } },
      { kind: 'select', source: 'type', label: t('type'), required: true, default: 'fraction', row: 1, choices: enumChoices(['fraction', 'flat'], 'app.tools.promo.types.') },
      { kind: 'money', source: 'discount', label: t('discount'), required: true, maxLength: 12, row: 1, rules: [discountRange], dependsOn: ['type'],
        hint: (values) => (values.type === 'flat' ? t('flatHint') : t('fractionHint')) },
      { kind: 'date', source: 'valid_from', label: t('validFrom'), row: 2 },
      { kind: 'date', source: 'valid_to', label: t('validTo'), row: 2, rules: [endAfterStart], dependsOn: ['valid_from'] },
      { kind: 'number', source: 'usage_limit', label: t('usageLimit'), hint: t('usageLimitHint'), integer: true, min: 1 },
      { kind: 'number', source: 'used_count', label: t('usedCount'), hint: t('usedCountHint'), on: 'edit', readOnly: true },
      { kind: 'boolean', source: 'active', label: t('active'), default: true },
    ],
  },
  rowActions: [
    { kind: 'edit' },
    { kind: 'action', action: 'setActive', label: t('deactivate'), icon: BlockIcon, when: (r) => r.active, data: () => ({ active: false }),
      confirm: { title: t('deactivateTitle'), text: t('deactivateText') }, done: t('deactivated') },
    { kind: 'action', action: 'setActive', label: t('activate'), icon: CheckCircleIcon, when: (r) => !r.active, data: () => ({ active: true }), done: t('activated') },
    { kind: 'delete', confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r) => ({ code: r.code }),
});
