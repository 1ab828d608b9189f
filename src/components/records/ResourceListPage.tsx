// The one list screen of every declared resource (src/resources/<name>/index.ts): a title with
// the location name, the declared filters (kept in the URL: ?filter=&page=&perPage=&sort=&order=,
// so a filtered view survives a reload and can be bookmarked), the screen's figures and buttons
// (`toolbar`, `actions`), the exports, the columns by kind (sorted on a header's click where the
// endpoint sorts, each shown or hidden per user), the totals of the money columns, the rows'
// actions and the page sizes.
// Who may open it comes from the declaration too. After any change made on the screen everything
// on it is read again (a payment changes the list and the location's balance).
import { useState } from 'react';
import { Alert, Button, Link, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Datagrid, DatagridBody, DatagridRow, FunctionField, List, Loading, Pagination, usePermissions, useRefresh, useResourceContext, useTranslate,
  type DatagridRowProps,
} from 'react-admin';
import { permissionsAt } from '../../resources/locations/permissionsAt';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { allowed } from '../../resources/declaration';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { declaration } from '../../resources/registry';
import { ResourceFormDialog } from '../forms/ResourceFormDialog';
import { RowActions } from '../forms/RowActions';
import { useLoadedParts } from '../forms/parts';
import { columnFields } from './columns';
import { ColumnChoice, useHiddenColumns } from './columnChoice';
import { ListTotals } from './totals';
import { RecordFilters, defaultFilters } from './filters';
import { ToolbarActions } from './ToolbarActions';
import { WideTable } from './WideTable';
import { rowKey, useMarked } from '../../live/recent';
import { changedSx } from '../../live/LiveMark';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { FollowListLocations } from '../../live/FollowListLocations';
import { LocationUnavailable } from '../LocationUnavailable';

/**
 * A row a live event just changed is marked briefly (src/live): from the event (or from its mount,
 * a new row the refetch brought) until the mark fades, as the day view's cards, data-live-changed
 * included. Each row follows its own key, so a mark re-renders one row, not the list.
 */
function LiveRow(props: DatagridRowProps) {
  const resource = useResourceContext(props);
  const marked = useMarked([rowKey(resource ?? '', props.id)]);
  return <DatagridRow {...props} sx={marked ? changedSx : props.sx} data-live-changed={marked ? 'true' : undefined} />;
}

/** No sort asked: the server's own order (react-admin would otherwise sort by `id` ascending). */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

export function ResourceListPage({ name }: { name: string }) {
  useSignedIn();
  const d = declaration(name);
  const list = d.list!;
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const { data: location, error: locationError, isPending } = useLocationDetail(locationId);
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const parts = useLoadedParts(d);
  const refresh = useRefresh();
  // null: no dialog; 'new': the form's create dialog; a record: its edit dialog.
  const [editing, setEditing] = useState<Record<string, any> | 'new' | null>(null);
  const [hidden, setHidden] = useHiddenColumns(name);
  // A location that cannot be read (none such, or no role there) says so, not "only for role 40" (#18).
  if (locationId && locationError) return <LocationUnavailable id={locationId} error={locationError} />;
  if ((locationId && isPending) || permissionsPending || !parts) return <Loading />;
  // A location's screen: what the user holds there (#28); a screen of every location: the union.
  if (!allowed(d.access, location, locationId ? permissionsAt(location) : permissions)) {
    return d.access?.denied
      ? <Alert severity="warning" sx={{ mt: 2 }} data-testid="access-denied">{translate(d.access.denied)}</Alert>
      : <Alert severity="warning" sx={{ mt: 2 }} data-testid="managers-only">{translate('app.access.managersOnly')}</Alert>;
  }
  const title = translate(list.title, { name: location?.name ?? '' });
  const Toolbar = list.toolbar && parts.get(list.toolbar);
  const locationFilter = list.filters?.find((f) => f.kind === 'multi' && f.source === list.followsLocations);
  const meta = { location_id: locationId, location_name: location?.name };
  const bar = (
    <>
      {location && Toolbar && <Toolbar location={location} />}
      {location && <ToolbarActions d={d} location={location} onDone={refresh} />}
      {location && d.form?.add && (
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate(d.form.add)}</Button>
      )}
      <ColumnChoice columns={list.columns} hidden={hidden} onChange={setHidden} />
    </>
  );
  const columns = list.columns.filter((c) => !hidden.includes(c.source));
  const pageSizes = (list.pageSizes ?? [...PAGE_SIZES]).map((o) => (typeof o === 'number' ? o : { ...o, label: translate(o.label) }));
  // #42 The way back: the declared one, else a management card's screen goes back to the management grid.
  const back = list.back ?? (locationId && d.menu?.management ? { to: '/locations/{location_id}/location_management', label: 'app.management.backToGrid' } : null);
  return (
    <>
      {back && (
        <Link component={RouterLink} to={back.to.replace('{location_id}', locationId)} variant="body2" data-testid="list-back"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}>
          <ArrowBackIcon fontSize="inherit" />{translate(back.label)}
        </Link>
      )}
      <Typography variant="h5" component="h1" sx={{ mt: back ? 0.5 : 2 }}>{title}</Typography>
      <List
        key={locationId}
        resource={name}
        filter={locationId ? { location_id: locationId } : undefined}
        filterDefaultValues={defaultFilters(list.filters, locationId, location?.timezone)}
        sort={list.sort ?? (d.api.paging === 'none' && !d.api.ordering ? undefined : SERVER_ORDER)}
        // The params live in the URL only: a store would carry one location's filter to another.
        storeKey={false}
        title={title}
        perPage={list.perPage ?? DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={pageSizes} />}
        exporter={false}
        actions={false}
        empty={false}
      >
        <RecordFilters name={name} list={list} location={location} bar={bar} />
        {locationFilter?.kind === 'multi' && <FollowListLocations filter={locationFilter} />}
        <WideTable stickyActions={!!d.rowActions?.length}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            body={<DatagridBody row={<LiveRow />} />}
            empty={<Typography sx={{ p: 2 }} data-testid="records-empty">{translate(list.empty)}</Typography>}
          >
            {columnFields(columns, parts, d.api.ordering)}
            {d.rowActions?.length ? (
              <FunctionField
                source="id" label="app.forms.actions" sortable={false} sx={{ whiteSpace: 'nowrap' }}
                render={(record) => <RowActions d={d} record={record} parts={parts} meta={meta} onEdit={setEditing} onDone={refresh} />}
              />
            ) : null}
          </Datagrid>
        </WideTable>
        <ListTotals columns={columns} />
      </List>
      {editing && (
        <ResourceFormDialog name={name} record={editing === 'new' ? undefined : editing} meta={meta} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
