// Gift certificates of a location (/locations/:location_id/certificates), for holders of
// accounts.{product}.certificate: create and activate forms, resend, search by number. The row's
// buttons need certificate.activate (Activate a NOT_PAID one, Send an ACTIVE one's letter again;
// a USED one is labelled "used"), the bar's Create needs certificate.create.
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import SendIcon from '@mui/icons-material/Send';
import { CERTIFICATE_DESIGN_MAX, CERTIFICATE_QUANTITY as QUANTITY, CERTIFICATE_STATUSES, CERTIFICATE_TYPES } from '../../../domain/certificates';
import { session } from '../../authProvider/session';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `app.money.certificates.fields.${name}`;
const c = (key: string) => `app.money.certificates.${key}`;
const text = (source: string) => ({ kind: 'text' as const, source, label: f(source) });

export default defineResource({
  name: 'location_certificates',
  route: { scope: 'location', path: 'certificates' },
  access: { permissions: ['certificate'], denied: 'app.money.certificates.denied' },
  menu: { icon: CardGiftcardIcon, home: { order: 30, label: 'app.manage.certificates' } },
  api: {
    list: '/api/v2.1/locations/{location_id}/certificates/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', status: 'status', search: 'search' },
    ordering: ['unique_number', 'rate', 'remaining_rate', 'type', 'status', 'datetime_created', 'datetime_activated', 'booked_by', 'expires_at'],
    totals: true,
    create: '/api/v2.2/certificate/',
    // `{id}`: the certificate's number (the forms' `id: 'unique_number'`).
    actions: { activate: '/api/v2.2/certificate/{id}/activate/', resend: '/api/v2.2/certificate/{id}/resend/' },
  },
  actionForms: {
    // A rate of the location's certificate_rates, the type, the design (one of certificate_designs or
    // typed) and the quantity. New ones are NOT_PAID.
    create: {
      action: 'create', testId: 'create-certificates', title: c('createTitle'),
      fields: [
        { kind: 'select', source: 'rate', label: c('createFields.rate'), required: true,
          choicesFrom: { path: '/api/v2.2/certificate_rates/?location_id={location_id}', value: 'rate', label: 'rate', labelFormat: 'money' } },
        { kind: 'select', source: 'type', label: c('createFields.type'), required: true, default: 'digital', choices: enumChoices(CERTIFICATE_TYPES, c('types.')) },
        { kind: 'text', source: 'design', label: c('createFields.design'), required: true, hint: c('designHint'),
          maxLength: CERTIFICATE_DESIGN_MAX, maxLengthMessage: 'validation.validationCertificateLength',
          suggestionsFrom: { path: '/api/v2.2/certificate_designs/?location_id={location_id}', value: 'id', label: 'name' } },
        { kind: 'number', source: 'quantity', label: c('createFields.quantity'), required: true, hint: c('quantityHint'),
          integer: true, min: QUANTITY.min, max: QUANTITY.max, default: QUANTITY.default },
      ],
      body: (data, { meta }) => ({ ...data, rate: String(data.rate), location_id: Number(meta.location_id) }),
      done: c('created'),
      // The server answers the new certificates (the dataProvider's `records` of a list answer).
      doneArgs: ({ records }: { records: { unique_number: string }[] }) => ({
        smart_count: records.length, numbers: records.map((x) => x.unique_number).join(', '),
      }),
    },
    // Activating a NOT_PAID certificate: seller (one of the location's staff, the user by default), customer name, phone and
    // email, all required. The server sends the letter. A seller that is not staff here: validationSeller.
    activate: {
      action: 'activate', id: 'unique_number', testId: 'activate-certificate', title: c('activateTitle'), text: c('activateText'),
      titleArgs: ({ record }) => ({ number: record.unique_number }), submit: c('activate'),
      fields: [
        // One of the location's staff (the server's rule), chosen by name; the API still takes the UUID.
        { kind: 'select', source: 'seller', label: c('activateFields.seller'), required: true, hint: c('sellerHint'),
          choicesFrom: { path: '/api/v2.2/certificate/sellers/?location_id={location_id}', value: 'uid', label: 'label' },
          serverMessage: (text) => (text === 'Must be a valid UUID.' ? c('sellerUuid') : 'validation.validationSeller') },
        { kind: 'text', source: 'name', label: c('activateFields.name'), required: true, maxLength: TEXT_LIMITS.personName },
        { kind: 'text', source: 'phone', label: c('activateFields.phone'), required: true, format: 'phone', maxLength: TEXT_LIMITS.phone, maxLengthMessage: 'validation.validationPhone', serverMessage: () => 'validation.validationPhone' },
        { kind: 'text', source: 'email', label: c('activateFields.email'), required: true, format: 'email', maxLength: TEXT_LIMITS.email },
      ],
      defaults: () => ({ seller: session.user()?.uid ?? '' }),
      body: (data, { meta }) => ({ ...data, location_id: Number(meta.location_id) }),
      done: c('certificatesLetterSent'),
    },
  },
  messageArgs: (r) => ({ number: r.unique_number }),
  rowActions: [
    { kind: 'chip', label: c('used'), when: (r) => r.status === 'USED' },
    { kind: 'form', form: 'activate', label: c('activate'), ariaLabel: c('activateNamed'), text: true,
      permissions: ['certificate.activate'], when: (r) => r.status === 'NOT_PAID' },
    { kind: 'action', action: 'resend', label: c('send'), ariaLabel: c('sendNamed'), text: true, icon: SendIcon,
      permissions: ['certificate.activate'], when: (r) => r.status === 'ACTIVE',
      id: (r) => r.unique_number, data: (_r, meta) => ({ location_id: Number(meta.location_id) }), done: c('certificatesLetterSent') },
  ],
  list: {
    title: 'app.money.certificates.title',
    empty: 'app.money.certificates.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'certificates',
    sort: { field: 'datetime_created', order: 'DESC' },
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'status', label: 'app.records.status', choices: enumChoices(CERTIFICATE_STATUSES, 'app.money.certificates.statuses.') },
      { kind: 'search', source: 'search', label: 'app.money.certificates.search', maxLength: CERTIFICATE_DESIGN_MAX },
    ],
    actions: [{ form: 'create', label: c('create'), permissions: ['certificate.create'] }],
    columns: [
      { kind: 'text', source: 'unique_number', label: f('unique_number'), monospace: true },
      { kind: 'money', source: 'rate', label: f('rate'), currencySource: 'currency' },
      { kind: 'money', source: 'remaining_rate', label: f('remaining_rate'), currencySource: 'currency' },
      { kind: 'enum', source: 'type', label: f('type'), prefix: 'app.money.certificates.types.' },
      // The built-in designs' words; a design the venue typed as typed (the enum's fallback), #39.
      { kind: 'enum', source: 'design', label: f('design'), prefix: 'app.money.certificates.designs.' },
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'app.money.certificates.statuses.' },
      // #39 People by name, the e-mail on hover; the exports write both.
      { kind: 'person', source: 'created_by_name', email: 'created_by', label: f('created_by_name'), emailLabel: f('created_by') },
      { kind: 'datetime', source: 'datetime_created', label: f('datetime_created') },
      { kind: 'person', source: 'seller_user_name', email: 'seller_user', label: f('seller_user_name'), emailLabel: f('seller_user') },
      { kind: 'datetime', source: 'datetime_activated', label: f('datetime_activated') },
      text('booked_by'),
      // No currency column: both amounts carry the currency sign already, and the list must fit
      // 1440 px in Russian (#18). The CSV keeps the column.
      { kind: 'date', source: 'expires_at', label: f('expires_at') },
    ],
  },
});
