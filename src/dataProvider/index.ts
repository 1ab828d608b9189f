// react-admin dataProvider: reads the resource configs and calls the API through the one client.
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { api } from './http';
import { resourceApis, type ResourceApi } from './resources';

function config(resource: string): ResourceApi {
  const c = resourceApis[resource];
  if (!c) throw new Error(`Unknown resource ${resource}`);
  return c;
}

function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(values[key] ?? '')));
}

/** Path and query of a list call: template keys fill the path; only the mapped filters are sent. */
export function listRequest(resource: string, filter: Record<string, unknown>): { path: string; query: Record<string, string> } {
  const c = config(resource);
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

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

function getPath(record: any, field: string): unknown {
  return field.split('.').reduce((value, key) => (value == null ? value : value[key]), record);
}

// Records are plain JSON of the API; react-admin's generic record type is satisfied with `any`.
async function getList(resource: string, params: GetListParams): Promise<{ data: any[]; total: number }> {
  const c = config(resource);
  const filter = params.filter ?? {};
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  if (c.paging === 'limit-offset') {
    const { path, query } = listRequest(resource, filter);
    const data = await api<{ count: number; results: RaRecord[] }>(path, {
      query: { ...query, limit: perPage, offset: (page - 1) * perPage },
    });
    return { data: data.results, total: data.count };
  }
  // A plain-array endpoint may still filter on the server (payments): its mapped filters are sent.
  const { path, query } = listRequest(resource, filter);
  let rows = await api<RaRecord[]>(path, { query });
  for (const [name, value] of Object.entries(filter)) {
    const test = c.clientFilters?.[name];
    if (test && value !== undefined && value !== '' && value !== null) rows = rows.filter((r) => test(r, value));
  }
  if (params.sort?.field) {
    const { field, order } = params.sort;
    rows = [...rows].sort((a, b) => compare(getPath(a, field), getPath(b, field)) * (order === 'DESC' ? -1 : 1));
  }
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
}

async function getOne(resource: string, id: RaRecord['id'], meta?: Record<string, unknown>): Promise<any> {
  const c = config(resource);
  if (!c.one) throw new Error(`${resource} has no single-record endpoint`);
  return api<RaRecord>(fill(c.one, { ...meta, id }));
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not offered for this resource`));

export const dataProvider: DataProvider = {
  getList,
  getOne: async (resource, params) => ({ data: await getOne(resource, params.id, params.meta) }),
  getMany: async (resource, params) => ({
    data: await Promise.all(params.ids.map((id) => getOne(resource, id, params.meta))),
  }),
  getManyReference: async (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
  create: unsupported('create'),
  update: unsupported('update'),
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
};
