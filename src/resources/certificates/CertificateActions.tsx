// Per-row actions of the certificates list (with certificate.activate): Activate for NOT_PAID,
// Send (the letter again) for ACTIVE; a "used" label for USED. The bar's Create button needs
// certificate.create.
import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { hasPermission } from '../../../domain/permissions';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { LocationRecord } from '../locations/types';
import { ActivateDialog } from './ActivateDialog';
import { CreateCertificatesDialog } from './CreateCertificatesDialog';
import { certificatesApi, type CertificateRow } from './api';

function SendButton({ certificate, locationId }: { certificate: CertificateRow; locationId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const done = await run(() => certificatesApi.resend(certificate.unique_number, locationId));
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
  const refresh = useRefresh();
  const { permissions } = usePermissions<string[]>();
  const { location_id: locationId = '' } = useParams();
  const [activating, setActivating] = useState(false);
  if (certificate.status === 'USED') {
    return <Chip size="small" label={translate('app.money.certificates.used')} data-testid="certificate-used" />;
  }
  if (!hasPermission(permissions, 'certificate.activate')) return null;
  if (certificate.status === 'ACTIVE') return <SendButton certificate={certificate} locationId={Number(locationId)} />;
  if (certificate.status !== 'NOT_PAID') return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setActivating(true)}
        aria-label={translate('app.money.certificates.activateNamed', { number: certificate.unique_number })}>
        {translate('app.money.certificates.activate')}
      </Button>
      {activating && (
        <ActivateDialog
          certificate={certificate} locationId={Number(locationId)}
          onClose={() => setActivating(false)} onDone={() => { setActivating(false); refresh(); }}
        />
      )}
    </>
  );
}

export function CertificatesToolbar({ location }: { location: LocationRecord }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string[]>();
  const [open, setOpen] = useState(false);
  if (!hasPermission(permissions, 'certificate.create')) return null;
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.money.certificates.create')}
      </Button>
      {open && <CreateCertificatesDialog locationId={location.id} onClose={() => setOpen(false)} onSaved={() => { setOpen(false); refresh(); }} />}
    </>
  );
}
