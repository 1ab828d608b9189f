// The buttons of a list's bar (`list.actions`): each opens one of the declaration's action forms
// for the location, shown only with its permissions and where its `when` accepts the location.
import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { hasPermission } from '../../../domain/permissions';
import type { ResourceDeclaration, ToolbarActionDeclaration } from '../../resources/declaration';
import type { LocationRecord } from '../../resources/locations/types';
import { permissionsAt } from '../../resources/locations/permissionsAt';
import { ActionFormDialog } from '../forms/ActionFormDialog';

export function ToolbarActions({ d, location, onDone }: { d: ResourceDeclaration; location: LocationRecord; onDone?: () => void }) {
  const translate = useTranslate();
  // What the user holds at this location (#28).
  const permissions = permissionsAt(location);
  const [open, setOpen] = useState<ToolbarActionDeclaration | null>(null);
  const shown = (d.list?.actions ?? []).filter((a) =>
    (a.permissions ?? []).every((p) => hasPermission(permissions, p)) && (!a.when || a.when(location)));
  return (
    <>
      {shown.map((a) => {
        const Icon = a.icon ?? AddIcon;
        return (
          <Button key={a.form} variant={a.variant ?? 'contained'} size="small" startIcon={<Icon />} onClick={() => setOpen(a)}>
            {translate(a.label)}
          </Button>
        );
      })}
      {open && (
        <ActionFormDialog name={d.name} form={open.form} meta={{ location_id: location.id, location_name: location.name }}
          onClose={() => setOpen(null)} onDone={onDone} />
      )}
    </>
  );
}
