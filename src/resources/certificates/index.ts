// Gift certificates of a location (/locations/:location_id/certificates), for holders of
// accounts.{product}.certificate: create and activate dialogs, resend, search by number.
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { CERTIFICATE_DESIGN_MAX, CERTIFICATE_STATUSES } from '../../../domain/certificates';
import { defineResource, enumChoices, lazyPart } from '../declaration';

const f = (name: string) => `app.money.certificates.fields.${name}`;
const text = (source: string) => ({ kind: 'text' as const, source, label: f(source) });
const parts = () => import('./CertificateActions');

export default defineResource({
  name: 'location_certificates',
  route: { scope: 'location', path: 'certificates' },
  access: { permissions: ['certificate'], denied: 'app.money.certificates.denied' },
  menu: { icon: CardGiftcardIcon, home: { order: 30, label: 'app.manage.certificates' } },
  api: {
    list: '/api/v2.1/locations/{location_id}/certificates/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', status: 'status', search: 'search' },
  },
  list: {
    title: 'app.money.certificates.title',
    empty: 'app.money.certificates.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'certificates',
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'status', label: 'app.records.status', choices: enumChoices(CERTIFICATE_STATUSES, 'app.money.certificates.statuses.') },
      { kind: 'search', source: 'search', label: 'app.money.certificates.search', maxLength: CERTIFICATE_DESIGN_MAX },
    ],
    toolbar: lazyPart(parts, 'CertificatesToolbar'),
    columns: [
      { kind: 'text', source: 'unique_number', label: f('unique_number'), monospace: true },
      { kind: 'money', source: 'rate', label: f('rate') },
      { kind: 'money', source: 'remaining_rate', label: f('remaining_rate') },
      { kind: 'enum', source: 'type', label: f('type'), prefix: 'app.money.certificates.types.' },
      text('design'),
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'app.money.certificates.statuses.' },
      text('created_by'),
      { kind: 'datetime', source: 'datetime_created', label: f('datetime_created') },
      text('seller_user'),
      { kind: 'datetime', source: 'datetime_activated', label: f('datetime_activated') },
      text('booked_by'),
      text('currency'),
      { kind: 'date', source: 'expires_at', label: f('expires_at') },
      { kind: 'custom', source: 'actions', label: 'app.money.actions', render: lazyPart(parts, 'CertificateRowActions') },
    ],
  },
});
