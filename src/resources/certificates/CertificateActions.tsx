// Per-row actions of the certificates list (with certificate.activate): Activate for NOT_PAID (the
// declared `activate` form), Send (the letter again: the `resend` action) for ACTIVE; a "used"
// label for USED. The bar's Create button (the declared `create` form) needs certificate.create.
import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { CertificateStatus } from '../../../domain/certificates';
import { hasPermission } from '../../../domain/permissions';
import { ActionFormDialog } from '../../components/forms/ActionFormDialog';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { LocationRecord } from '../locations/types';

const NAME = 'location_certificates';

interface CertificateRow { id: number; unique_number: string; status: CertificateStatus }

function SendButton({ certificate, locationId }: { certificate: CertificateRow; locationId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const done = await run(() => dataProvider.action(NAME, {
      id: certificate.unique_number, action: 'resend', data: { location_id: Number(locationId) },
    }));
    setBusy(false);
    if (done) notify('app.money.certificates.certificatesLetterSent', { type: 'success' });
  };
  return (
    <Button size="small" startIcon={<SendIcon />} onClick={send} disabled={busy}
      aria-label={translate('app.money.certificates.sendNamed', { number: certificate.unique_number })}>
      {translate('app.money.certificates.send')}
    </Button>
  );
}

export function CertificateRowActions({ record: certificate }: { record: CertificateRow }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { location_id: locationId = '' } = useParams();
  const [activating, setActivating] = useState(false);
  if (certificate.status === 'USED') {
    return <Chip size="small" label={translate('app.money.certificates.used')} data-testid="certificate-used" />;
  }
  if (!hasPermission(permissions, 'certificate.activate')) return null;
  if (certificate.status === 'ACTIVE') return <SendButton certificate={certificate} locationId={locationId} />;
  if (certificate.status !== 'NOT_PAID') return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setActivating(true)}
        aria-label={translate('app.money.certificates.activateNamed', { number: certificate.unique_number })}>
        {translate('app.money.certificates.activate')}
      </Button>
      {activating && (
        <ActionFormDialog name={NAME} form="activate" record={certificate} meta={{ location_id: locationId }} onClose={() => setActivating(false)} />
      )}
    </>
  );
}

export function CertificatesToolbar({ location }: { location: LocationRecord }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const [open, setOpen] = useState(false);
  if (!hasPermission(permissions, 'certificate.create')) return null;
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.money.certificates.create')}
      </Button>
      {open && <ActionFormDialog name={NAME} form="create" meta={{ location_id: location.id }} onClose={() => setOpen(false)} />}
    </>
  );
}
