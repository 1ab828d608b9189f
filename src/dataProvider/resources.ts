// Resource configs: how each react-admin resource maps to the spec's calls. A list resource
// is one entry here (endpoint, paging style, filter mapping); later resources add theirs.
export interface ResourceApi {
  /** List endpoint; `{location_id}` is filled from the filter of the same name. */
  list: string;
  /** Single record endpoint with `{id}`. */
  one?: string;
  /** `none`: the server returns a plain array; filters, sort and pages are applied here. */
  paging: 'none' | 'limit-offset';
  /** Filters applied in the browser for `paging: none` resources. */
  clientFilters?: Record<string, (record: any, value: any) => boolean>;
}

export const resourceApis: Record<string, ResourceApi> = {
  locations: {
    list: '/api/v2.1/locations/my/',
    one: '/api/v2.1/locations/{id}/',
    paging: 'none',
    clientFilters: {
      country: (record, value) => record.country?.id === Number(value),
    },
  },
};
