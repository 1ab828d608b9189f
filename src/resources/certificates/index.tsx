// Certificates (/locations/:location_id/certificates): the resource config of the generic record
// list, for holders of accounts.{product}.certificate: status and date filters, search by number,
// server paging, CSV, create and activate dialogs, resend.
import dayjs from 'dayjs';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { DATE_FORMAT } from '../../../domain/constants';
import { formatAmount } from '../../../domain/money';
import { hasPermission } from '../../../domain/permissions';
import { LocationRecordList, formatDateTime, type RecordListConfig } from '../../components/records/LocationRecordList';
import { CERTIFICATE_STATUSES, CERTIFICATE_TEXT_MAX, type CertificateRow } from './api';
import { CertificateActions, CertificatesToolbar } from './CertificateActions';

const f = (name: string) => `app.money.certificates.fields.${name}`;

function Translated({ prefix, value }: { prefix: string; value: string }) {
  const translate = useTranslate();
  return <>{translate(`${prefix}${value}`, { _: value })}</>;
}

export const certificatesConfig: RecordListConfig = {
  resource: 'location_certificates',
  titleKey: 'app.money.certificates.title',
  emptyKey: 'app.money.certificates.empty',
  csvName: 'certificates.csv',
  access: { allowed: (_location, permissions) => hasPermission(permissions, 'certificate'), deniedKey: 'app.money.certificates.denied' },
  filters: [
    {
      kind: 'multi', source: 'status', label: 'app.records.status',
      choices: CERTIFICATE_STATUSES.map((value) => ({ value, label: `app.money.certificates.statuses.${value}` })),
    },
    { kind: 'search', source: 'search', label: 'app.money.certificates.search', maxLength: CERTIFICATE_TEXT_MAX },
  ],
  toolbar: CertificatesToolbar,
  columns: [
    <TextField key="unique_number" source="unique_number" label={f('unique_number')} sortable={false} sx={{ fontFamily: 'monospace' }} />,
    <FunctionField<CertificateRow> key="rate" source="rate" label={f('rate')} sortable={false} render={(r) => formatAmount(r.rate)} />,
    <FunctionField<CertificateRow> key="remaining_rate" source="remaining_rate" label={f('remaining_rate')} sortable={false}
      render={(r) => formatAmount(r.remaining_rate)} />,
    <FunctionField<CertificateRow> key="type" source="type" label={f('type')} sortable={false}
      render={(r) => <Translated prefix="app.money.certificates.types." value={r.type} />} />,
    <TextField key="design" source="design" label={f('design')} sortable={false} />,
    <FunctionField<CertificateRow> key="status" source="status" label={f('status')} sortable={false}
      render={(r) => <Translated prefix="app.money.certificates.statuses." value={r.status} />} />,
    <TextField key="created_by" source="created_by" label={f('created_by')} sortable={false} emptyText="—" />,
    <FunctionField<CertificateRow> key="datetime_created" source="datetime_created" label={f('datetime_created')} sortable={false}
      render={(r) => formatDateTime(r.datetime_created)} />,
    <TextField key="seller_user" source="seller_user" label={f('seller_user')} sortable={false} emptyText="—" />,
    <FunctionField<CertificateRow> key="datetime_activated" source="datetime_activated" label={f('datetime_activated')} sortable={false}
      render={(r) => formatDateTime(r.datetime_activated)} />,
    <TextField key="booked_by" source="booked_by" label={f('booked_by')} sortable={false} emptyText="—" />,
    <TextField key="currency" source="currency" label={f('currency')} sortable={false} emptyText="—" />,
    <FunctionField<CertificateRow> key="expires_at" source="expires_at" label={f('expires_at')} sortable={false}
      render={(r) => (r.expires_at ? dayjs(r.expires_at).format(DATE_FORMAT) : '—')} />,
    <FunctionField<CertificateRow> key="actions" label="app.money.actions" sortable={false} render={(r) => <CertificateActions certificate={r} />} />,
  ],
};

export function CertificatesPage() {
  return <LocationRecordList config={certificatesConfig} />;
}
