// Location management screens are for role id 40 at that location (the specs' rule). Others who
// open such a URL see why there is nothing for them, instead of a screen whose every save fails.
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { canManageLocation, type Role } from '../../domain/roles';

export function ManagersOnly({ role, children }: { role: Role | null | undefined; children: ReactNode }) {
  const translate = useTranslate();
  if (!canManageLocation(role)) {
    return <Alert severity="warning" sx={{ mt: 2 }} data-testid="managers-only">{translate('app.access.managersOnly')}</Alert>;
  }
  return <>{children}</>;
}
