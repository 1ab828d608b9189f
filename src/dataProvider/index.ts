// react-admin dataProvider: every call is derived from the resource declarations (the registry)
// and goes through the one HTTP client. DRF field errors reach forms as `error.body.errors`
// (ApiError), which react-admin shows under the inputs.
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { ApiDeclaration, Endpoint, ExportFormat, HttpMethod } from '../resources/declaration';
import { declaration } from '../resources/registry';
import { api, apiFile } from './http';

type Values = Record<string, unknown>;

function apiOf(resource: string): ApiDeclaration {
  return declaration(resource).api;
}

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === null || value === '') throw new Error(`${template}: no value for {${key}}`);
    return encodeURIComponent(String(value));
  });
}

function endpoint(resource: string, what: 'one' | 'create' | 'update' | 'delete', fallback: HttpMethod): { path: string; method: HttpMethod; idInBody?: boolean } {
  const e: Endpoint | undefined = apiOf(resource)[what];
  // A resource without the endpoint refuses clearly instead of calling a URL that does not exist.
  if (!e) throw new Error(`${resource}: ${what} is not offered (no "${what}" endpoint in its declaration)`);
  return typeof e === 'string' ? { path: e, method: fallback } : e;
}

/** Path and query of a list call: template keys fill the path; only the mapped filters are sent. */
export function listRequest(resource: string, filter: Values): { path: string; query: Record<string, string> } {
  const c = apiOf(resource);
  if (!c.list) throw new Error(`${resource}: list is not offered (no "list" endpoint in its declaration)`);
  const query: Record<string, string> = {};
  for (const [name, param] of Object.entries(c.filters ?? {})) {
    const value = filter[name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) query[param] = value.join(',');
    } else query[param] = String(value);
  }
  return { path: fill(c.list, filter), query };
}

type Sort = { field: string; order: string } | undefined;

/** `ordering` of a sort the endpoint does itself (`api.ordering`): `field` or `-field`; none for others. */
export function orderingOf(resource: string, sort: Sort): Record<string, string> {
  if (!sort?.field || !apiOf(resource).ordering?.includes(sort.field)) return {};
  return { ordering: `${sort.order === 'DESC' ? '-' : ''}${sort.field}` };
}

/** The request of a list export: the list URL, the same filters and sort, `format=csv|xlsx`. */
export function exportRequest(resource: string, filter: Values, format: ExportFormat, sort?: Sort) {
  const { path, query } = listRequest(resource, filter);
  return { path, query: { ...query, ...orderingOf(resource, sort), format } };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

function getPath(record: any, field: string): unknown {
  return field.split('.').reduce((value, key) => (value == null ? value : value[key]), record);
}

// Records are plain JSON of the API; react-admin's generic record type is satisfied with `any`.
async function getList(resource: string, params: GetListParams): Promise<{ data: any[]; total: number }> {
  const c = apiOf(resource);
  const filter = { ...params.meta, ...params.filter };
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const { path, query: filters } = listRequest(resource, filter);
  const ordering = orderingOf(resource, params.sort);
  const query = { ...filters, ...ordering };
  if (c.paging === 'limit-offset') {
    const data = await api<{ count: number; results: RaRecord[]; totals?: unknown; totals_note?: string }>(path, {
      query: { ...query, limit: perPage, offset: (page - 1) * perPage },
    });
    // The sums of the money columns over the whole filtered range ride in the list's meta, with what
    // they leave out (#39: "без отменённых") in the caller's language.
    return { data: data.results, total: data.count, ...(data.totals ? { meta: { totals: data.totals, totalsNote: data.totals_note } } : {}) };
  }
  // A plain-array endpoint may still filter on the server (payments): its mapped filters are sent.
  const [all, summary] = await Promise.all([
    api<RaRecord[]>(path, { query }),
    c.totals ? api<{ totals: unknown; totals_note?: string }>(path, { query: { ...filters, format: 'totals' } }) : undefined,
  ]);
  let rows = all;
  for (const [name, value] of Object.entries(filter)) {
    const test = c.clientFilters?.[name];
    if (test && value !== undefined && value !== '' && value !== null) rows = rows.filter((r) => test(r, value));
  }
  if (params.sort?.field && !ordering.ordering) {
    const { field, order } = params.sort;
    rows = [...rows].sort((a, b) => compare(getPath(a, field), getPath(b, field)) * (order === 'DESC' ? -1 : 1));
  }
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, ...(summary ? { meta: { totals: summary.totals, totalsNote: summary.totals_note } } : {}) };
}

async function getOne(resource: string, id: RaRecord['id'], meta?: Values): Promise<any> {
  const { path, method } = endpoint(resource, 'one', 'GET');
  return api<RaRecord>(fill(path, { ...meta, id }), { method });
}

async function update(resource: string, id: RaRecord['id'], data: Values, meta?: Values): Promise<any> {
  const { path, method, idInBody } = endpoint(resource, 'update', 'PATCH');
  const saved = await api<RaRecord | null>(fill(path, { ...data, ...meta, id }), { method, body: idInBody ? { ...data, id } : data });
  return saved ?? { ...data, id };
}

async function remove(resource: string, id: RaRecord['id'], previousData?: Values, meta?: Values): Promise<any> {
  const { path, method, idInBody } = endpoint(resource, 'delete', 'DELETE');
  await api(fill(path, { ...previousData, ...meta, id }), { method, body: idInBody ? { id } : undefined });
  return previousData ?? { id };
}

/** `meta.idempotencyKey` of a create or an action: sent as the Idempotency-Key header (money writes). */
function keyOf(meta: Values | undefined): string | undefined {
  const key = meta?.idempotencyKey;
  return typeof key === 'string' && key ? key : undefined;
}

export interface ActionParams {
  id?: RaRecord['id'];
  action: string;
  /** The JSON body, or FormData sent as multipart (files). */
  data?: unknown;
  /** Path placeholders; `idempotencyKey`: the Idempotency-Key header. */
  meta?: Values;
  /** The query string (a DELETE's options: the desk's cancel with `refund=cash`). */
  query?: Record<string, string>;
}

/** The whole react-admin contract, plus `action` for the named actions a declaration lists and `exportFile`. */
export interface AppDataProvider extends DataProvider {
  action<T = any>(resource: string, params: ActionParams): Promise<{ data: T }>;
  exportFile(resource: string, params: { filter: Values; format: ExportFormat; sort?: Sort }): Promise<{ blob: Blob; fileName: string | null }>;
}

export const dataProvider: AppDataProvider = {
  getList,
  getOne: async (resource, params) => ({ data: await getOne(resource, params.id, params.meta) }),
  getMany: async (resource, params) => ({
    data: await Promise.all(params.ids.map((id) => getOne(resource, id, params.meta))),
  }),
  getManyReference: async (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
  create: async (resource, params) => {
    const { path, method } = endpoint(resource, 'create', 'POST');
    const data = params.data as Values;
    const created = await api<any>(fill(path, { ...data, ...params.meta }), { method, body: data, idempotencyKey: keyOf(params.meta) });
    // Several records made at once (certificates): react-admin wants one record with an id.
    if (Array.isArray(created)) return { data: { id: created[0]?.id ?? null, records: created } };
    return { data: created };
  },
  update: async (resource, params) => ({ data: await update(resource, params.id, params.data as Values, params.meta) }),
  updateMany: async (resource, params) => {
    for (const id of params.ids) await update(resource, id, params.data as Values, params.meta);
    return { data: params.ids };
  },
  delete: async (resource, params) => ({ data: await remove(resource, params.id, params.previousData, params.meta) }),
  deleteMany: async (resource, params) => {
    for (const id of params.ids) await remove(resource, id, undefined, params.meta);
    return { data: params.ids };
  },
  action: async (resource, { id, action, data, meta, query }) => {
    const e = apiOf(resource).actions?.[action];
    if (!e) throw new Error(`${resource}: no action "${action}" in its declaration`);
    const { path, method, deleteBody = false } = typeof e === 'string' ? { path: e, method: 'POST' as const } : e;
    // FormData (files) goes as multipart; its entries fill no path placeholder.
    const form = data instanceof FormData ? data : undefined;
    const body = form || method === 'GET' || (method === 'DELETE' && !(deleteBody && data !== undefined)) ? undefined : (data ?? {});
    const values = form ? {} : (data as Values);
    return { data: await api(fill(path, { ...values, ...meta, id }), { method, body, form, query, idempotencyKey: keyOf(meta) }) };
  },
  exportFile: async (resource, { filter, format, sort }) => {
    const { path, query } = exportRequest(resource, filter, format, sort);
    return apiFile(path, query);
  },
};
