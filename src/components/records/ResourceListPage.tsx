// The one list screen of every declared resource (src/resources/<name>/index.ts): a title with
// the location name, the declared filters (kept in the URL: ?filter=&page=&perPage=&sort=&order=,
// so a filtered view survives a reload and can be bookmarked), the screen's toolbar, the exports,
// the columns by kind and the page sizes. Who may open it comes from the declaration too.
import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { Datagrid, List, Loading, Pagination, useAuthenticated, useGetOne, usePermissions, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { allowed, type ListDeclaration, type Part } from '../../resources/declaration';
import type { LocationRecord } from '../../resources/locations/types';
import { declaration } from '../../resources/registry';
import { columnFields } from './columns';
import { RecordFilters, defaultFilters } from './filters';

const partsOf = (list: ListDeclaration): Part<any>[] => [
  ...(list.toolbar ? [list.toolbar] : []),
  ...list.columns.flatMap((c) => (c.kind === 'custom' ? [c.render] : [])),
];

/** Loads the declaration's custom parts (one chunk each) before the list renders. */
function useParts(list: ListDeclaration): Map<Part<any>, ComponentType<any>> | null {
  const [loaded, setLoaded] = useState<Map<Part<any>, ComponentType<any>> | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(partsOf(list).map(async (part) => [part, await part.load()] as const))
      .then((entries) => { if (live) setLoaded(new Map(entries)); });
    return () => { live = false; };
  }, [list]);
  return loaded;
}

export function ResourceListPage({ name }: { name: string }) {
  useAuthenticated();
  const d = declaration(name);
  const list = d.list!;
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const { data: location, isPending } = useGetOne<LocationRecord>('locations', { id: Number(locationId) }, { enabled: !!locationId });
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const parts = useParts(list);
  if ((locationId && isPending) || permissionsPending || !parts) return <Loading />;
  if (!allowed(d.access, location, permissions)) {
    return d.access?.denied
      ? <Alert severity="warning" sx={{ mt: 2 }} data-testid="access-denied">{translate(d.access.denied)}</Alert>
      : <Alert severity="warning" sx={{ mt: 2 }} data-testid="managers-only">{translate('app.access.managersOnly')}</Alert>;
  }
  const title = translate(list.title, { name: location?.name ?? '' });
  const Toolbar = list.toolbar && parts.get(list.toolbar);
  const pageSizes = (list.pageSizes ?? [...PAGE_SIZES]).map((o) => (typeof o === 'number' ? o : { ...o, label: translate(o.label) }));
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>{title}</Typography>
      <List
        key={locationId}
        resource={name}
        filter={locationId ? { location_id: locationId } : undefined}
        filterDefaultValues={defaultFilters(list.filters, locationId, location?.timezone)}
        sort={list.sort}
        // The params live in the URL only: a store would carry one location's filter to another.
        storeKey={false}
        title={title}
        perPage={list.perPage ?? DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={pageSizes} />}
        exporter={false}
        actions={false}
        empty={false}
      >
        <RecordFilters name={name} list={list} location={location} Toolbar={Toolbar} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }} data-testid="records-empty">{translate(list.empty)}</Typography>}
        >
          {columnFields(list.columns, parts)}
        </Datagrid>
      </List>
    </>
  );
}
