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
  /**
   * `limit-offset` resources: react-admin filter name -> the endpoint's query name. Only these
   * are sent (the server rejects unknown params); arrays go as a comma list. Template keys
   * (`{location_id}`) fill the path and are never sent as query params.
   */
  filters?: Record<string, string>;
  /** Extra query params that turn the list call into the CSV of the whole filtered list. */
  csv?: Record<string, string>;
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
  location_orders: {
    list: '/api/v2.1/locations/{location_id}/orders/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', status: 'status' },
    csv: { format: 'csv' },
  },
  location_sessions: {
    list: '/api/v2.1/locations/{location_id}/launcher_sessions/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to' },
    csv: { format: 'csv' },
  },
  // The money screens: the payments endpoint answers a plain array (paged here); transactions
  // span the user's locations (the screen starts with its own); certificates are server-paged.
  location_payments: {
    list: '/api/v2.1/locations/{location_id}/payments/',
    paging: 'none',
    filters: { date_from: 'date_start', date_to: 'date_end', payment_type: 'payment_type', purchase_sign: 'purchase_sign' },
    csv: { format: 'csv' },
  },
  transactions: {
    list: '/api/v2.1/transactions/',
    paging: 'limit-offset',
    filters: { date_from: 'date_start', date_to: 'date_end', location: 'location', direction: 'transaction_type', kind: 'transaction_kind' },
    csv: { format: 'csv' },
  },
  location_certificates: {
    list: '/api/v2.1/locations/{location_id}/certificates/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', status: 'status', search: 'search' },
    csv: { format: 'csv' },
  },
};
