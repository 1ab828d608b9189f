// What a resource declares. One object per resource, the default export of
// `src/resources/<folder>/index.ts(x)`; nothing else registers a resource. From it come the route
// and who may open it, the menu entries, the dataProvider's calls, the list screen (columns,
// filters kept in the URL, page sizes, exports) and its custom parts.
//
// A new filtered, paged, exported list is one such object plus its columns' ru/en labels (written once,
// in domain/fieldLabels.ts, for the server's exports too), e.g.:
//
//   export default defineResource({
//     name: 'location_refunds',
//     route: { scope: 'location', path: 'refunds' },
//     access: { minRole: 40 },
//     menu: { icon: UndoIcon, management: { order: 55, label: 'app.refunds.menu', hint: 'app.refunds.hint' } },
//     api: { list: '/api/v2.1/locations/{location_id}/refunds/', paging: 'limit-offset',
//            filters: { date_from: 'date_start', date_to: 'date_end', status: 'status' } },
//     list: {
//       title: 'app.refunds.title', empty: 'app.refunds.empty', exports: ['csv', 'xlsx'],
//       filters: [{ kind: 'dateRange' }, { kind: 'multi', source: 'status', label: 'app.records.status',
//                  choices: enumChoices([1, 2], 'app.refunds.status.') }],
//       columns: [{ kind: 'link', source: 'order', label: 'app.refunds.order', href: '/orders/{value}' },
//                 { kind: 'money', source: 'amount', label: 'app.refunds.amount' }],
//     },
//   });
//
// Keep this file free of screens: every declaration is read eagerly at start (the registry), so a
// declaration names its heavy parts through `lazyPart`, which loads them with the list screen.
import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import { hasPermission, type PermissionCodename } from '../../domain/permissions';
import type { LocationRecord } from './locations/types';
import { session } from '../authProvider/session';

/** An i18n key (present in ru and en; a unit test checks every key a declaration names). */
export type MessageKey = string;

/** A component loaded with its screen, so the declaration stays small in the first chunk. */
export interface Part<P> {
  load: () => Promise<ComponentType<P>>;
}

/**
 * `lazyPart(() => import('./LocationBalance'), 'LocationBalance')`: a named export. The list
 * screen loads every part of its declaration before it renders, so no row waits on its own.
 */
export function lazyPart<P, M>(loader: () => Promise<M>, name: keyof M): Part<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  return { load: () => (loading ??= loader().then((module) => module[name] as ComponentType<P>)) };
}

/** Where the screen lives. `location`: /locations/:location_id/<path>; `global`: /<path>. */
export type RouteDeclaration = { scope: 'location' | 'global'; path: string };

/**
 * Who may open the screen (and see its menu entries). Both rules must hold when both are given.
 * `minRole`: the user's role value at the location (domain/roles.ts) is at least this.
 * `permissions`: every one of these codenames (domain/permissions.ts).
 * `denied`: the message shown instead of the screen; without it, app.access.managersOnly.
 */
export interface AccessDeclaration {
  minRole?: number;
  permissions?: PermissionCodename[];
  denied?: MessageKey;
  /** #29 The installation's owner only (the account-wide settings, e.g. the top-ups' payment account). */
  owner?: boolean;
}

/** Menu entries: an icon link on the locations list (`home`) and a card of location management. */
export interface MenuDeclaration {
  icon?: SvgIconComponent;
  /** `order`: place among the menu's other entries (ascending; the fixed pages use tens). */
  home?: { order: number; label: MessageKey };
  /**
   * A card of location management: in the spec's grid of 8 (`grid`, the default: only the spec's
   * screens), or below it among the further screens (`more`: tools, statistics, ours).
   */
  management?: { order: number; label: MessageKey; hint: MessageKey; section?: 'grid' | 'more' };
  /** A tab of the location's tools page (/locations/:id/tools?tab=<tab>; the first tab has no `tab`). */
  tools?: { order: number; label: MessageKey; tab: string };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * A path template (`{location_id}`, `{id}` and any other key of the record, filter or meta),
 * optionally with its method. `idInBody`: an update or delete sends the record's `id` in the JSON
 * body (endpoints of the spec that name the record there, such as a location's groups).
 */
export type Endpoint = string | {
  path: string; method: HttpMethod; idInBody?: boolean;
  /** A DELETE that takes a body (#38: a cancel's manager confirmation, kept out of the address); other DELETEs send none. */
  deleteBody?: boolean;
};

export interface ApiDeclaration {
  /** The list endpoint; `{location_id}` is filled from the route. */
  list?: string;
  /** `limit-offset`: the server pages and answers `{count, results}`. `none`: a plain array, filtered (clientFilters), sorted and paged in the browser. */
  paging: 'limit-offset' | 'none';
  /**
   * react-admin filter name -> the endpoint's query name. Only these are sent (the server refuses
   * unknown params); arrays go as a comma list; empty values are left out.
   */
  filters?: Record<string, string>;
  /**
   * The fields the endpoint sorts by (the server list's `sorting`: `ordering=field` / `-field`):
   * their columns sort on a click of the header, the sort goes to the server (paging `none` too, so
   * the browser does not sort again) and the exports follow it.
   */
  ordering?: string[];
  /**
   * The endpoint sums its money columns over the whole filtered range (the server list's totals):
   * a paged page carries `totals`; a plain array's come from the same URL with `format=totals`.
   */
  totals?: boolean;
  /** `paging: none` resources: filters applied in the browser to the plain array. */
  clientFilters?: Record<string, (record: any, value: any) => boolean>;
  one?: Endpoint;
  /** POST by default. */
  create?: Endpoint;
  /** PATCH by default. */
  update?: Endpoint;
  /** DELETE by default. */
  delete?: Endpoint;
  /** Named actions: `dataProvider.action(resource, { id, action, data })`; POST by default. */
  actions?: Record<string, Endpoint>;
}

export interface Choice {
  value: string | number;
  /** An i18n key, or a text shown as it is. */
  label: string;
  /** #42 Offered only for the records it holds for (a form's record, e.g. the sandbox where the server takes it); a record's current value is always offered. */
  when?: (record: Record<string, any>) => boolean;
}

/** Choices loaded from an endpoint answering a plain array. */
/** What a record's messages may use: `money` writes an amount as the screen's location's money ('777,00 ₽'). */
export interface MessageContext {
  money: (amount: string | number) => string;
}

export interface ChoicesFrom {
  /** May hold `{location_id}` (and other keys of the form's meta), e.g. `/api/v2.2/certificate_rates/?location_id={location_id}`. */
  path: string;
  value: string;
  label: string;
  /** `money`: the label is formatAmount of the field. */
  labelFormat?: 'money';
}

export type FilterDefault = string | number | (string | number)[] | ((ctx: { locationId: string }) => unknown);

export type FilterDeclaration =
  /** `date_from`/`date_to` (YYYY-MM-DD; the end never after today), this month by default. `quickPeriods`: past, yesterday, today. */
  | { kind: 'dateRange'; quickPeriods?: boolean }
  /** One value. `choices` (codes with i18n labels) or `choicesFrom` (data: an endpoint's plain array, `{location_id}` filled from the list's location). */
  | { kind: 'select'; source: string; label: MessageKey; choices?: Choice[]; choicesFrom?: ChoicesFrom; default?: FilterDefault }
  /** Several values (nothing chosen: no filter); its choices as `select`'s. */
  | { kind: 'multi'; source: string; label: MessageKey; choices?: Choice[]; choicesFrom?: ChoicesFrom; default?: FilterDefault }
  /** Free text sent trimmed; `maxLength` limits the box. */
  | { kind: 'search'; source: string; label: MessageKey; maxLength?: number };

interface ColumnBase {
  source: string;
  label: MessageKey;
  /** Only for `paging: none` lists sorted in the browser; off by default. Server-sorted columns are `api.ordering`. */
  sortable?: boolean;
  /** In the CSV/XLSX the server writes; true unless `custom` (isExportedColumn). The registry e2e compares these labels with the file's header row. */
  exported?: boolean;
}

/** Whether the server writes this column into the CSV/XLSX: the one reading of `exported` (tests pair it with the server's columns). */
export const isExportedColumn = (c: ColumnBase & { kind: string }): boolean => c.exported ?? c.kind !== 'custom';

/**
 * The headers a column writes in the CSV/XLSX, in order: none, its label, or (#39) a person's name
 * and then the e-mail the spec names (`emailLabel`).
 */
export const exportedLabels = (c: ColumnDeclaration): MessageKey[] =>
  (!isExportedColumn(c) ? [] : c.kind === 'person' && c.emailLabel ? [c.label, c.emailLabel] : [c.label]);

export type ColumnDeclaration = ColumnBase & (
  /** `value`: a text computed from the record instead of the field (e.g. a user's name or e-mail). */
  | { kind: 'text'; monospace?: boolean; value?: (record: any) => unknown }
  /**
   * #39 A person: the name (`source`), the e-mail (`email`) on hover, the e-mail itself when there is
   * no name. `emailLabel`: the exports write the e-mail in a column of its own after the name.
   */
  | { kind: 'person'; email: string; emailLabel?: MessageKey }
  /** formatMoney in the list location's currency; `signColor`: red below zero, green above; `currencySource`: the row's own currency (object or code). */
  | { kind: 'money'; signColor?: boolean; currencySource?: string }
  /** DD.MM.YYYY. */
  | { kind: 'date' }
  /** DD.MM.YYYY HH:mm. */
  | { kind: 'datetime' }
  /**
   * The label `${prefix}${value}` (the value itself when the key is missing); an array of codes, their
   * labels joined. `codeKey`: the key of a code whose own text cannot be one (a dotted codename).
   */
  | { kind: 'enum'; prefix: string; codeKey?: (code: string) => string }
  /** The label of the id from an endpoint's list (e.g. a location's name), the id itself until it loads. */
  | { kind: 'lookup'; from: ChoicesFrom }
  /** A link opening in a new tab; `{value}` is the field (each element of an array). */
  | { kind: 'link'; href: string }
  /** app.common.yes / app.common.no. */
  | { kind: 'boolean' }
  /** Anything else, e.g. row actions. */
  | { kind: 'custom'; render: Part<{ record: any }> }
);

export type ExportFormat = 'csv' | 'xlsx';

export interface ListDeclaration {
  /** `%{name}` is the location's name. */
  title: MessageKey;
  empty: MessageKey;
  columns: ColumnDeclaration[];
  filters?: FilterDeclaration[];
  /** The sort the list starts with (a field of `api.ordering`, or a browser-sorted column); none: the server's order. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Rows per page: the choices (PAGE_SIZES unless given; `{label, value}` with an i18n label) and the first (DEFAULT_PAGE_SIZE). */
  pageSizes?: (number | { label: MessageKey; value: number })[];
  perPage?: number;
  /** The whole filtered list as a file: the list URL with the same filters plus `format=csv|xlsx`. `fileName`: when the server sends none. */
  exports?: ExportFormat[];
  fileName?: string;
  /** The screen's own figures in the filter bar (e.g. a balance). */
  toolbar?: Part<{ location: LocationRecord }>;
  /** Rows of several locations: the source of the `multi` filter of location ids; the live desk follows every location the list shows. */
  followsLocations?: string;
  /** Buttons of the filter bar, each opening a declared action form (add, top up, ...). */
  actions?: ToolbarActionDeclaration[];
  /** A line above the rows (lists shown in a tab); `hintArgs` fill its placeholders. */
  hint?: MessageKey;
  hintArgs?: Record<string, unknown>;
  /**
   * #42 The link back above the title: where the screen was opened from (`{location_id}` filled).
   * A location's screen with a management card links back to the management grid unless given.
   */
  back?: { to: string; label: MessageKey };
}

export interface ResourceDeclaration {
  /** The react-admin resource name (dataProvider calls, `resources.<name>.*` labels). */
  name: string;
  route?: RouteDeclaration;
  access?: AccessDeclaration;
  menu?: MenuDeclaration;
  api: ApiDeclaration;
  /** The generic list screen. */
  list?: ListDeclaration;
  /**
   * A hand-written list screen instead, loaded on first use: react-admin's `<Resource list>` of a
   * `global` route, or the route `/locations/:location_id/<route.path>` of a `location` one.
   */
  screen?: Part<object>;
  /**
   * Hand-written create/edit screens (an editor richer than `form`), each on its own route in the
   * scope of `route` (`new_schedule`, `schedule/:schedule_id`); they save through the dataProvider.
   */
  screens?: { create?: ScreenDeclaration; edit?: ScreenDeclaration };
  recordRepresentation?: (record: any) => string;
  /** The create/edit form (a dialog over the list, or the one record of `form.single`). */
  form?: FormDeclaration;
  /** Buttons at the end of each row, in this order (the list adds their column). */
  rowActions?: RowActionDeclaration[];
  /** The accessible name of a row's "more" menu (with `messageArgs`); app.forms.moreActions unless given. */
  rowMenuLabel?: MessageKey;
  /** Placeholders of the confirmations and messages about one record (`%{code}`, ...); `ctx.money` writes an amount with the location's currency. */
  messageArgs?: (record: any, ctx: MessageContext) => Record<string, unknown>;
  /** Forms of the named actions (and of a create with its own dialog): see ActionFormDeclaration. */
  actionForms?: Record<string, ActionFormDeclaration>;
}

/** A hand-written screen: its path in the resource's route scope (react-router params allowed) and the component. */
export interface ScreenDeclaration {
  path: string;
  part: Part<object>;
}

/** The full react-router path of a path in the declaration's scope (`location` unless `global`). */
export const scopedPath = (d: Pick<ResourceDeclaration, 'route'>, path: string) =>
  (d.route?.scope === 'global' ? `/${path}` : `/locations/:location_id/${path}`);

/**
 * The routes a declaration's own screens need besides react-admin's `<Resource>`: the hand-written
 * list screen of a `location` route, and the `screens` (create, edit). The generic list screen of
 * `list` is routed by App itself.
 */
export function customRoutes(d: ResourceDeclaration): { key: string; path: string; part: Part<object> }[] {
  const routes: { key: string; path: string; part: Part<object> }[] = [];
  if (d.screen && d.route?.scope === 'location' && !d.list) routes.push({ key: `${d.name}:list`, path: scopedPath(d, d.route.path), part: d.screen });
  for (const kind of ['create', 'edit'] as const) {
    const s = d.screens?.[kind];
    if (s) routes.push({ key: `${d.name}:${kind}`, path: scopedPath(d, s.path), part: s.part });
  }
  return routes;
}

/** Identity with type checking: `export default defineResource({...})`. */
export const defineResource = (declaration: ResourceDeclaration) => declaration;

/** Choices of codes whose labels share an i18n prefix. */
export const enumChoices = (values: readonly (string | number)[], prefix: string): Choice[] =>
  values.map((value) => ({ value, label: `${prefix}${value}` }));

/** May this user open the declaration's screen at this location? */
export function allowed(access: AccessDeclaration | undefined, location: Pick<LocationRecord, 'role'> | undefined,
  permissions: readonly string[] | undefined): boolean {
  if (!access) return true;
  if (access.owner && !session.user()?.is_owner) return false;
  if (access.minRole !== undefined && !((location?.role?.value ?? 0) >= access.minRole)) return false;
  return (access.permissions ?? []).every((p) => hasPermission(permissions, p));
}

/** #42 The fields of a form this user is offered: those whose `permissions` they all hold (at the form's location). */
export function offeredFields(fields: FieldDeclaration[], permissions: readonly string[] | undefined): FieldDeclaration[] {
  return fields.filter((f) => (f.permissions ?? []).every((p) => hasPermission(permissions, p)));
}

// Forms and row actions (src/components/forms/): every write goes through react-admin's data layer
// (useCreate/useUpdate pessimistic, useDelete, dataProvider.action); the server's DRF field errors
// show under their inputs, other errors in the dialog.

/** A further check of a field: the message key, or `{message, args}`, or nothing when valid. */
export type FieldRule = (value: any, values: Record<string, any>) => MessageKey | { message: MessageKey; args: Record<string, unknown> } | undefined;

interface FieldBase {
  source: string;
  label: MessageKey;
  /**
   * A hint under the input; a function picks it from the form's values (e.g. by a type), with
   * placeholders when it answers `{message, args}` (#42: "по расписанию 60 мин").
   */
  hint?: MessageKey | ((values: Record<string, any>) => MessageKey | { message: MessageKey; args: Record<string, unknown> } | undefined);
  /** validation.validationRequired when empty. */
  required?: boolean;
  /** The value of a new record (a missing field starts empty). */
  default?: unknown;
  /** Only in the create or only in the edit form; both unless given. */
  on?: 'create' | 'edit';
  /** Shown, never sent (a counter the server keeps). */
  readOnly?: boolean;
  /** Checks beyond the kind's own, e.g. one field against another. */
  rules?: FieldRule[];
  /** Check again when one of these fields changes (a range that depends on a type). */
  dependsOn?: string[];
  /** Fields with the same `row` stand side by side. */
  row?: number;
  /** The message of `required` instead of validation.validationRequired (e.g. validation.validationSum). */
  requiredMessage?: MessageKey;
  /** The screen's message for the server's text about this field (e.g. a contract string); the server's text otherwise. */
  serverMessage?: (serverText: string) => MessageKey | string;
  /**
   * #42 Offered only to whoever holds every one of these at the form's location (`meta.location_id`;
   * elsewhere the user's permissions): nobody is offered what they cannot grant. A field not offered
   * keeps its first value (an edit sends a permission the editor lacks unchanged).
   */
  permissions?: PermissionCodename[];
}

export type FieldDeclaration = FieldBase & (
  /** Sent trimmed. `maxLength`: validation.validationPaymentsLength; `pattern`: its own message. */
  | { kind: 'text' | 'textarea'; maxLength?: number; pattern?: { regex: RegExp; message: MessageKey };
      /** The message of `maxLength` (validation.validationPaymentsLength unless given). */
      maxLengthMessage?: MessageKey;
      /**
       * `email`: validation.validationEmail; `phone`: validation.validationPhone (PHONE_PATTERN); both set the input's type.
       * #42 `secret`: masked as it is typed (a password input with a show button), never offered by the browser's autofill.
       */
      format?: 'email' | 'phone' | 'secret';
      /** Suggestions offered while typing (a datalist), loaded from an endpoint; any text is still accepted. */
      suggestionsFrom?: ChoicesFrom }
  /** A number or null. `min`/`max`: validation.validationMinValue/MaxValue; `integer`: validation.validationPersons. */
  | { kind: 'number'; min?: number; max?: number; integer?: boolean }
  /** A decimal string (comma or dot, two decimals at most: validation.validationCost), sent with a dot. */
  | { kind: 'money'; maxLength?: number;
      /** #42 An amount of the location's money: its sign beside the input (not for a fraction, nor the balance's b2b currency). */
      inLocationCurrency?: boolean }
  /**
   * `choicesFrom`: loaded from an endpoint (its path filled from the form's meta) instead of `choices`.
   * `exceptRecordField`: leaves out the choice equal to this field of the action's row (a new type).
   */
  | { kind: 'select'; choices?: Choice[]; choicesFrom?: ChoicesFrom; exceptRecordField?: string;
      /** Several of the choices, sent as an array (a playground's types, #28). */
      multiple?: boolean;
      /** #45 The choices are this field of the record (plain strings, shown as they are: the SMS senders SMS.ru registered). */
      choicesFromRecord?: string }
  | { kind: 'boolean' }
  /** YYYY-MM-DD or null. */
  | { kind: 'date' }
  /** ISO or null. */
  | { kind: 'datetime' }
  /**
   * #42 A text to copy elsewhere (an address to paste into a provider's dashboard), read from the form's
   * values and its record, with a copy button; nothing when `value` gives null. Never sent: declare it `readOnly`.
   */
  | { kind: 'copy'; value: (values: Record<string, any>, record: Record<string, any>) => string | null }
);

export interface FormDeclaration {
  fields: FieldDeclaration[];
  /** Dialog titles (a `single` form has none). */
  title?: { create: MessageKey; edit: MessageKey };
  /** The message after saving, with `messageArgs` of the saved record. */
  saved: { create?: MessageKey; edit: MessageKey };
  /** The list's add button; without it the list offers no create. */
  add?: MessageKey;
  width?: 'xs' | 'sm' | 'md';
  /** Shown after a create with the server's answer (a webhook's secret, answered this once). */
  afterCreate?: Part<{ record: any; onClose: () => void }>;
  /** One record edited in place, no list: `api.one` and `api.update` with `{location_id}`. */
  single?: {
    intro?: MessageKey;
    /**
     * #29 A button beside Save that calls a named action of `api.actions` with the saved record's
     * `{location_id}` (e.g. "check connection"): `ok` is shown with `args` of the answer as placeholders;
     * a refusal shows the server's message.
     */
    check?: { action: string; label: MessageKey; ok: MessageKey; args?: (answer: any, translate: (key: string) => string) => Record<string, unknown> };
  };
}

interface Confirmation {
  title: MessageKey;
  /** With `messageArgs` of the row. */
  text: MessageKey;
}

/**
 * Who sees a row action and how it looks. `permissions`: every codename needed (domain/permissions);
 * `when`: the rows it applies to; `menu`: inside the row's "more" menu instead of a button;
 * `text`: a text button showing the label (its accessible name is `ariaLabel` with `messageArgs`)
 * instead of an icon button named by the label.
 */
interface RowActionBase {
  permissions?: PermissionCodename[];
  when?: (record: any) => boolean;
  menu?: boolean;
  text?: boolean;
  ariaLabel?: MessageKey;
}

export type RowActionDeclaration = RowActionBase & (
  /** The form's edit dialog. */
  | { kind: 'edit' }
  /** useDelete after a yes/no question; `done` is the message after it. */
  | { kind: 'delete'; confirm: Confirmation; done: MessageKey }
  /**
   * A named action of `api.actions` (dataProvider.action with the row's `id` (or `id(row)`) and
   * `data(row, meta)`), optionally after a question.
   */
  | { kind: 'action'; action: string; label: MessageKey; icon: SvgIconComponent; data?: (record: any, meta: Record<string, unknown>) => unknown;
      id?: (record: any) => string | number; confirm?: Confirmation; done: MessageKey;
      /** What the server answered, shown instead of `done` (a test that may fail): the message, its kind and its arguments. */
      result?: (answer: any) => { message: MessageKey; type: 'success' | 'error'; args?: Record<string, unknown> } }
  /** The row's form of `actionForms` (ActionFormDialog with the row). */
  | { kind: 'form'; form: string; label: MessageKey; icon?: SvgIconComponent }
  /** A custom dialog of the row, loaded with the screen. */
  | { kind: 'dialog'; label: MessageKey; icon: SvgIconComponent; dialog: Part<{ record: any; onClose: () => void }> }
  /** A label instead of buttons (e.g. "used"), for the rows `when` accepts. */
  | { kind: 'chip'; label: MessageKey }
);

/**
 * A button of the list's bar opening one of `actionForms` (no row; the meta holds `location_id`
 * and `location_name`). `when`: the locations it applies to (e.g. only with top-ups allowed).
 */
export interface ToolbarActionDeclaration {
  form: string;
  label: MessageKey;
  icon?: SvgIconComponent;
  variant?: 'contained' | 'outlined';
  permissions?: PermissionCodename[];
  when?: (location: LocationRecord) => boolean;
}

/** What an action form's functions get: the row (none for a toolbar's form) and the meta (`location_id`, ...). */
export interface ActionContext {
  record?: any;
  meta: Record<string, unknown>;
}

/**
 * A dialog with a form whose save is one call of the data layer (src/components/forms/ActionFormDialog):
 * `action: 'create'` is dataProvider.create (`api.create`), any other name dataProvider.action
 * (`api.actions[action]`, with the row's `id` unless `id` picks another field). The body is the
 * fields' (bodyOf) reshaped by `body`. `idempotent`: money writes send one Idempotency-Key per
 * opening of the dialog, so saving again after a lost answer is not a second write. The server's
 * field errors show under their inputs; others as the generic handler's alert.
 */
export interface ActionFormDeclaration {
  action: string;
  fields: FieldDeclaration[];
  /** The dialog's title (with `titleArgs`) and an optional text above the fields. */
  title: MessageKey;
  titleArgs?: (ctx: ActionContext) => Record<string, unknown>;
  text?: MessageKey;
  /** The buttons: `submit` (app.common.create unless given) and `cancel` (app.common.cancel unless given). */
  submit?: MessageKey;
  cancel?: MessageKey;
  /** The submit button in the error colour (a yes/no question with inputs). */
  danger?: boolean;
  width?: 'xs' | 'sm' | 'md';
  /** The dialog's data-testid. */
  testId: string;
  /** First values computed from the row or meta (over each field's `default`). */
  defaults?: (ctx: ActionContext) => Record<string, unknown>;
  /** The request's body from the fields' body. */
  body?: (data: Record<string, any>, ctx: ActionContext) => unknown;
  /** The row's field that fills `{id}` (`id` unless given). */
  id?: string;
  idempotent?: boolean;
  /** The message after saving, with `doneArgs` of the server's answer; none: no message. */
  done?: MessageKey;
  doneArgs?: (saved: any, ctx: ActionContext) => Record<string, unknown>;
  /** After the message (e.g. go to a payment page). */
  then?: (saved: any) => void;
}
