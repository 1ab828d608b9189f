// Datagrid columns from a declaration's column kinds. Every column is a FunctionField on its
// `source`, so each cell keeps react-admin's `column-<source>` class.
import type { ComponentType, ReactNode } from 'react';
import { Box } from '@mui/material';
import { FunctionField, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../dataProvider/http';
import { useParams } from 'react-router-dom';
import { formatDay } from '../../../domain/dates';
import { formatMoney, type Currency } from '../../../domain/money';
import { useLanguage } from '../../i18n/useLanguage';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import type { ChoicesFrom, ColumnDeclaration, Part } from '../../resources/declaration';
import { useEndpointChoices } from './choices';
import { CELL_MAX_WIDTH, TRUNCATED, TruncatedText } from '../TruncatedText';
import { NewTabLink, formatDateTime } from './format';

const EMPTY = '—';
const blank = (value: unknown) => value === undefined || value === null || value === '';
const field = (record: any, source: string): unknown =>
  source.split('.').reduce((value, key) => (value == null ? value : value[key]), record);

function Translated({ messageKey, fallback }: { messageKey: string; fallback: string }) {
  const translate = useTranslate();
  return <>{translate(messageKey, { _: fallback })}</>;
}

/** Codes' labels, one after another ("Сертификаты: выпуск, Транзакции: все"). */
function TranslatedList({ keys }: { keys: [string, string][] }) {
  const translate = useTranslate();
  return <TruncatedText text={keys.map(([k, fallback]) => translate(k, { _: fallback })).join(', ')} />;
}

function Lookup({ from, value }: { from: ChoicesFrom; value: string | number }) {
  const choices = useEndpointChoices(from);
  return <TruncatedText text={choices.find((c) => c.value === value)?.label ?? String(value)} />;
}

/**
 * The installation's currencies (reference data, the same for every list): a row that names its
 * currency by code (a transaction of another location, a totals line) is written by that
 * currency's own rule, not as "1 850,00 USD" (#39).
 */
function useCurrencies(enabled: boolean): Currency[] | undefined {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['currencies', lang], queryFn: () => api<Currency[]>('/api/v2.1/currencies/'), enabled, staleTime: Infinity,
  }).data;
}

/**
 * The currency of a money cell: the row's own (an object, or a code looked up among the location's
 * currencies, then the installation's), else the currency of the location the list belongs to.
 */
function useCellCurrency(own: unknown): Currency | null {
  const { location_id: locationId } = useParams();
  const { data: location } = useLocationDetail(locationId);
  const known = [location?.currency, location?.b2b_currency].filter((c): c is Currency => !!c);
  const code = typeof own === 'string' && own ? own : null;
  const local = code ? known.find((c) => c.code === code) : undefined;
  const all = useCurrencies(Boolean(code && !local));
  if (own && typeof own === 'object') return own as Currency;
  // Until the list arrives the code alone, after the amount (the rule's fallback when a currency has no sign).
  if (code) return local ?? all?.find((c) => c.code === code) ?? { code, is_before: false, blank_place: true };
  return location?.currency ?? null;
}

/** An amount through the one money formatter; `signed`: red when money went out, green when it came in. */
export function MoneyCell({ value, currency, signed }: { value: string; currency: unknown; signed?: boolean }) {
  const lang = useLanguage();
  const text = formatMoney(value, useCellCurrency(currency), lang);
  if (!signed) return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;
  const n = Number(value);
  return (
    <Box component="span" data-sign={n < 0 ? 'negative' : n > 0 ? 'positive' : 'zero'}
      sx={{ color: n < 0 ? 'error.main' : n > 0 ? 'success.main' : 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

/**
 * #39 A person as people know them: the name, the e-mail on hover (the title, as a cut text's
 * whole text is, so also the accessible description); the e-mail when there is no name.
 */
export function PersonName({ name, email }: { name: string | null | undefined; email: string | null | undefined }) {
  if (!name) return <TruncatedText text={email ?? EMPTY} />;
  return (
    <Box component="span" data-testid="person" title={email ?? name} sx={{ ...TRUNCATED, maxWidth: CELL_MAX_WIDTH }}>{name}</Box>
  );
}

function cell(column: ColumnDeclaration, record: any, parts: Map<Part<any>, ComponentType<any>>): ReactNode {
  const value = field(record, column.source);
  switch (column.kind) {
    case 'text': {
      const shown = column.value ? column.value(record) : value;
      return blank(shown) ? EMPTY : <TruncatedText text={String(shown)} />;
    }
    case 'person': {
      const email = field(record, column.email);
      if (blank(value) && blank(email)) return EMPTY;
      return <PersonName name={blank(value) ? null : String(value)} email={blank(email) ? null : String(email)} />;
    }
    case 'money': {
      if (blank(value)) return EMPTY;
      const currency = column.currencySource ? field(record, column.currencySource) : null;
      return <MoneyCell value={String(value)} currency={currency} signed={column.signColor} />;
    }
    case 'date':
      return formatDay(blank(value) ? null : String(value));
    case 'datetime':
      return formatDateTime(value as string | null);
    case 'enum': {
      if (blank(value) || (Array.isArray(value) && value.length === 0)) return EMPTY;
      const key = (code: unknown) => `${column.prefix}${column.codeKey ? column.codeKey(String(code)) : String(code)}`;
      if (Array.isArray(value)) return <TranslatedList keys={value.map((v) => [key(v), String(v)] as [string, string])} />;
      return <Translated messageKey={key(value)} fallback={String(value)} />;
    }
    case 'lookup':
      return blank(value) ? EMPTY : <Lookup from={column.from} value={value as string | number} />;
    case 'boolean':
      return blank(value) ? EMPTY : <Translated messageKey={value ? 'app.common.yes' : 'app.common.no'} fallback={String(value)} />;
    case 'link': {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => !blank(v));
      if (values.length === 0) return EMPTY;
      const links = values.map((v) => (
        <NewTabLink key={String(v)} href={column.href.replace('{value}', encodeURIComponent(String(v)))}><TruncatedText text={String(v)} /></NewTabLink>
      ));
      return values.length === 1 ? links[0] : <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>{links}</Box>;
    }
    case 'custom': {
      const Render = parts.get(column.render);
      return Render ? <Render record={record} /> : null;
    }
  }
}

/**
 * The Datagrid children of a declaration's columns; `parts` holds its loaded custom parts.
 * `ordering`: the fields the endpoint sorts by (`api.ordering`), whose headers sort on a click.
 */
export function columnFields(columns: ColumnDeclaration[], parts: Map<Part<any>, ComponentType<any>>, ordering: string[] = []) {
  return columns.map((column) => (
    <FunctionField
      key={column.source} source={column.source} label={column.label} sortable={column.sortable ?? ordering.includes(column.source)}
      sx={column.kind === 'text' && column.monospace ? { fontFamily: 'monospace' } : undefined}
      render={(record) => cell(column, record, parts)}
    />
  ));
}
