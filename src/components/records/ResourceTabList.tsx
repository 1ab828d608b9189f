// A declared list shown inside a page's tab (the tools page): the hint and the add button, the
// columns by kind, each row's declared actions, and the form's create/edit dialogs. Every row is
// `data-testid="<resource>-row"` with `data-id`. Rows come from the dataProvider (getList).
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Datagrid, DatagridBody, DatagridRow, FunctionField, ListBase, Loading, Pagination, useListContext, useTranslate,
  type DatagridRowProps,
} from 'react-admin';
import type { ResourceDeclaration } from '../../resources/declaration';
import { WideTable } from './WideTable';
import { declaration } from '../../resources/registry';
import { ResourceFormDialog } from '../forms/ResourceFormDialog';
import { RowActions } from '../forms/RowActions';
import { useLoadedParts, type LoadedParts } from '../forms/parts';
import { columnFields } from './columns';

/** Rows of one page; a tab's list is short, so most never page. */
const TAB_PAGE_SIZE = 100;

function TabRow({ name, ...props }: DatagridRowProps & { name: string }) {
  return <DatagridRow {...props} data-testid={`${name}-row`} data-id={props.record?.id} />;
}

function Rows({ d, parts, meta, onEdit }: { d: ResourceDeclaration; parts: LoadedParts; meta: Record<string, unknown>; onEdit: (record: any) => void }) {
  const translate = useTranslate();
  const { error, total } = useListContext();
  const list = d.list!;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <WideTable stickyActions={!!d.rowActions?.length}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        size="small"
        aria-label={translate(list.title)}
        body={<DatagridBody row={<TabRow name={d.name} />} />}
        empty={<Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="records-empty">{translate(list.empty)}</Typography>}
      >
        {columnFields(list.columns, parts)}
        {d.rowActions?.length ? (
          <FunctionField
            source="id" label="app.forms.actions" sortable={false} textAlign="right" sx={{ whiteSpace: 'nowrap' }}
            render={(record) => <RowActions d={d} record={record} parts={parts} meta={meta} onEdit={onEdit} />}
          />
        ) : null}
      </Datagrid>
      {(total ?? 0) > TAB_PAGE_SIZE && <Pagination rowsPerPageOptions={[TAB_PAGE_SIZE]} />}
    </WideTable>
  );
}

export function ResourceTabList({ name, locationId }: { name: string; locationId: string }) {
  const d = declaration(name);
  const list = d.list!;
  const translate = useTranslate();
  const parts = useLoadedParts(d);
  // null: no dialog; 'new': the create dialog; a record: its edit dialog.
  const [editing, setEditing] = useState<Record<string, any> | 'new' | null>(null);
  const [created, setCreated] = useState<any>(null);
  if (!parts) return <Loading />;
  const AfterCreate = d.form?.afterCreate && parts.get(d.form.afterCreate);
  return (
    <Box data-testid={`${name}-tab`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{list.hint ? translate(list.hint, list.hintArgs) : null}</Typography>
        {d.form?.add && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate(d.form.add)}</Button>
        )}
      </Stack>
      <ListBase
        resource={name}
        filter={{ location_id: locationId }}
        sort={list.sort}
        perPage={TAB_PAGE_SIZE}
        disableSyncWithLocation
        storeKey={false}
      >
        <Rows d={d} parts={parts} meta={{ location_id: locationId }} onEdit={setEditing} />
      </ListBase>
      {editing && (
        <ResourceFormDialog
          name={name}
          record={editing === 'new' ? undefined : editing}
          meta={{ location_id: locationId }}
          onClose={() => setEditing(null)}
          onCreated={AfterCreate ? setCreated : undefined}
        />
      )}
      {AfterCreate && created && <AfterCreate record={created} onClose={() => setCreated(null)} />}
    </Box>
  );
}
