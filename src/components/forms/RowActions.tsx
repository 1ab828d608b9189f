// The buttons of a declared row (`rowActions`): edit (the form's dialog, opened by the list),
// delete after a yes/no question (useDelete), named actions (dataProvider.action, optionally after
// a question), the row's action forms, custom dialogs and plain labels. An action shows only with
// its permissions and for the rows its `when` accepts; `menu` ones gather in one "more" menu.
// Icon buttons are named by their label, text buttons by their `ariaLabel`, both with the row's
// `messageArgs` (e.g. "Hide payment №%{id}").
import { useState, type ReactNode } from 'react';
import { Button, Chip, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useNotificationContext, useNotify, usePermissions, useTranslate } from 'react-admin';
import { usePermissionsAt } from '../../resources/locations/permissionsAt';
import { hasPermission } from '../../../domain/permissions';
import type { AppDataProvider } from '../../dataProvider';
import type { ResourceDeclaration, RowActionDeclaration } from '../../resources/declaration';
import { ConfirmDialog } from '../ConfirmDialog';
import { ActionFormDialog } from './ActionFormDialog';
import { useRouteMoney } from './routeMoney';
import type { LoadedParts } from './parts';

function IconRowButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>{icon}</IconButton>
    </Tooltip>
  );
}

type Asked = Extract<RowActionDeclaration, { kind: 'delete' | 'action' }>;
type Opened = Extract<RowActionDeclaration, { kind: 'form' | 'dialog' }>;

/** The row actions this user sees on this row. */
export function visibleRowActions(d: ResourceDeclaration, record: any, permissions: readonly string[] | undefined): RowActionDeclaration[] {
  return (d.rowActions ?? []).filter((a) =>
    (a.permissions ?? []).every((p) => hasPermission(permissions, p)) && (!a.when || a.when(record)));
}

export function RowActions({ d, record, parts, meta = {}, onEdit, onDone }: {
  d: ResourceDeclaration;
  record: any;
  parts: LoadedParts;
  /** Path placeholders and what the action's functions read (`location_id`). */
  meta?: Record<string, unknown>;
  onEdit: (record: any) => void;
  /** After any change made from the row (e.g. read the location's balance again). */
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  // The specs' generic handler: the alerts on screen go before a call.
  const { resetNotifications } = useNotificationContext();
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A location's rows: what the user holds there (#28); rows of every location: the union.
  const { permissions: union } = usePermissions<string[]>();
  const atLocation = usePermissionsAt(meta.location_id);
  const permissions = meta.location_id ? atLocation.permissions : union;
  const [remove] = useDelete();
  const [asking, setAsking] = useState<Asked | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const money = useRouteMoney();
  const args = d.messageArgs?.(record, { money }) ?? {};

  const run = async (a: Asked) => {
    resetNotifications();
    let answer: unknown;
    try {
      if (a.kind === 'delete') {
        await remove(d.name, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        answer = (await dataProvider.action(d.name, { id: a.id ? a.id(record) : record.id, action: a.action, data: a.data?.(record, meta) })).data;
      }
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'app.alerts.unknownError', { type: 'error' });
      return;
    } finally {
      setAsking(null);
    }
    await client.invalidateQueries({ queryKey: [d.name] });
    onDone?.();
    const shown = a.kind === 'action' && a.result ? a.result(answer) : null;
    if (shown) notify(shown.message, { type: shown.type, messageArgs: { ...args, ...shown.args } });
    else notify(a.done, { type: 'success', messageArgs: args });
  };

  const start = (a: RowActionDeclaration) => {
    setMenuAnchor(null);
    switch (a.kind) {
      case 'edit': return onEdit(record);
      case 'delete': return setAsking(a);
      case 'action': return a.confirm ? setAsking(a) : void run(a);
      case 'form': case 'dialog': return setOpened(a);
      case 'chip': return undefined;
    }
  };
  const labelOf = (a: Exclude<RowActionDeclaration, { kind: 'chip' }>) =>
    (a.kind === 'edit' ? 'app.forms.edit' : a.kind === 'delete' ? 'app.forms.delete' : a.label);
  const iconOf = (a: Exclude<RowActionDeclaration, { kind: 'chip' }>): ReactNode => {
    if (a.kind === 'edit') return <EditIcon fontSize="small" />;
    if (a.kind === 'delete') return <DeleteIcon fontSize="small" />;
    const Icon = a.icon;
    return Icon ? <Icon fontSize="small" /> : null;
  };

  const actions = visibleRowActions(d, record, permissions);
  const inMenu = actions.filter((a) => a.menu && a.kind !== 'chip');
  const buttons = actions.filter((a) => !a.menu).map((a, i) => {
    if (a.kind === 'chip') return <Chip key={i} size="small" label={translate(a.label, args)} data-testid={`${d.name}-chip`} />;
    if (a.text) {
      return (
        <Button key={i} size="small" variant={a.kind === 'form' ? 'outlined' : 'text'} startIcon={a.kind === 'form' ? undefined : iconOf(a)}
          aria-label={translate(a.ariaLabel ?? labelOf(a), args)} onClick={() => start(a)}>
          {translate(labelOf(a), args)}
        </Button>
      );
    }
    return <IconRowButton key={i} label={translate(labelOf(a), args)} icon={iconOf(a)} onClick={() => start(a)} />;
  });
  const Dialog = opened?.kind === 'dialog' ? parts.get(opened.dialog) : undefined;
  const confirm = asking?.confirm;
  return (
    <>
      {buttons}
      {inMenu.length > 0 && (
        <>
          <IconButton size="small" onClick={(e) => setMenuAnchor(e.currentTarget)}
            aria-label={translate(d.rowMenuLabel ?? 'app.forms.moreActions', args)}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            {inMenu.map((a, i) => (
              <MenuItem key={i} onClick={() => start(a)}>{translate(labelOf(a as Exclude<RowActionDeclaration, { kind: 'chip' }>), args)}</MenuItem>
            ))}
          </Menu>
        </>
      )}
      <ConfirmDialog
        open={!!asking}
        title={confirm ? translate(confirm.title, args) : ''}
        text={confirm ? translate(confirm.text, args) : undefined}
        onConfirm={() => run(asking!)}
        onClose={() => setAsking(null)}
      />
      {opened?.kind === 'form' && (
        <ActionFormDialog name={d.name} form={opened.form} record={record} meta={meta} onClose={() => setOpened(null)} onDone={onDone} />
      )}
      {Dialog && <Dialog record={record} onClose={() => setOpened(null)} />}
    </>
  );
}
