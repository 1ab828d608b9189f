// The icon buttons of a declared row (`rowActions`): edit (the form's dialog, opened by the list),
// delete after a yes/no question (useDelete), named actions (dataProvider.action, optionally after
// a question) and custom dialogs. Each button is named by its label (tooltip and screen readers),
// with the row's `messageArgs` (e.g. "Hide payment №%{id}").
import { useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useNotificationContext, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { ResourceDeclaration, RowActionDeclaration } from '../../resources/declaration';
import { ConfirmDialog } from '../ConfirmDialog';
import type { LoadedParts } from './parts';

function RowButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>{icon}</IconButton>
    </Tooltip>
  );
}

type Asked = Extract<RowActionDeclaration, { kind: 'delete' | 'action' }>;

export function RowActions({ d, record, parts, onEdit }: {
  d: ResourceDeclaration;
  record: any;
  parts: LoadedParts;
  onEdit: (record: any) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  // The specs' generic handler: the alerts on screen go before a call.
  const { resetNotifications } = useNotificationContext();
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [remove] = useDelete();
  const [asking, setAsking] = useState<Asked | null>(null);
  const [dialog, setDialog] = useState<Extract<RowActionDeclaration, { kind: 'dialog' }> | null>(null);
  const args = d.messageArgs?.(record) ?? {};

  const run = async (a: Asked) => {
    resetNotifications();
    try {
      if (a.kind === 'delete') {
        await remove(d.name, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        await dataProvider.action(d.name, { id: record.id, action: a.action, data: a.data?.(record) });
      }
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'app.alerts.unknownError', { type: 'error' });
      return;
    } finally {
      setAsking(null);
    }
    await client.invalidateQueries({ queryKey: [d.name] });
    notify(a.done, { type: 'success', messageArgs: args });
  };

  const buttons = (d.rowActions ?? []).map((a, i) => {
    switch (a.kind) {
      case 'edit':
        return <RowButton key={i} label={translate('app.forms.edit')} icon={<EditIcon fontSize="small" />} onClick={() => onEdit(record)} />;
      case 'delete':
        return <RowButton key={i} label={translate('app.forms.delete')} icon={<DeleteIcon fontSize="small" />} onClick={() => setAsking(a)} />;
      case 'action': {
        if (a.when && !a.when(record)) return null;
        const Icon = a.icon;
        return <RowButton key={i} label={translate(a.label, args)} icon={<Icon fontSize="small" />} onClick={() => (a.confirm ? setAsking(a) : void run(a))} />;
      }
      case 'dialog': {
        const Icon = a.icon;
        return <RowButton key={i} label={translate(a.label, args)} icon={<Icon fontSize="small" />} onClick={() => setDialog(a)} />;
      }
    }
  });
  const Dialog = dialog ? parts.get(dialog.dialog) : undefined;
  const confirm = asking?.confirm;
  return (
    <>
      {buttons}
      <ConfirmDialog
        open={!!asking}
        title={confirm ? translate(confirm.title, args) : ''}
        text={confirm ? translate(confirm.text, args) : undefined}
        onConfirm={() => run(asking!)}
        onClose={() => setAsking(null)}
      />
      {Dialog && <Dialog record={record} onClose={() => setDialog(null)} />}
    </>
  );
}
