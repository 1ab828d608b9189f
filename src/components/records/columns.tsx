// Datagrid columns from a declaration's column kinds. Every column is a FunctionField on its
// `source`, so each cell keeps react-admin's `column-<source>` class.
import type { ComponentType, ReactNode } from 'react';
import { Box } from '@mui/material';
import dayjs from 'dayjs';
import { FunctionField, useTranslate } from 'react-admin';
import { DATE_FORMAT } from '../../../domain/constants';
import { formatAmount } from '../../../domain/money';
import type { ChoicesFrom, ColumnDeclaration, Part } from '../../resources/declaration';
import { useEndpointChoices } from './choices';
import { NewTabLink, formatDateTime } from './format';

const EMPTY = '—';
const blank = (value: unknown) => value === undefined || value === null || value === '';
const field = (record: any, source: string): unknown =>
  source.split('.').reduce((value, key) => (value == null ? value : value[key]), record);

function Translated({ messageKey, fallback }: { messageKey: string; fallback: string }) {
  const translate = useTranslate();
  return <>{translate(messageKey, { _: fallback })}</>;
}

function Lookup({ from, value }: { from: ChoicesFrom; value: string | number }) {
  const choices = useEndpointChoices(from);
  return <>{choices.find((c) => c.value === value)?.label ?? String(value)}</>;
}

/** Red when money went out, green when it came in. */
function SignedAmount({ value }: { value: string }) {
  const n = Number(value);
  return (
    <Box component="span" data-sign={n < 0 ? 'negative' : n > 0 ? 'positive' : 'zero'}
      sx={{ color: n < 0 ? 'error.main' : n > 0 ? 'success.main' : 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
      {formatAmount(value)}
    </Box>
  );
}

function cell(column: ColumnDeclaration, record: any, parts: Map<Part<any>, ComponentType<any>>): ReactNode {
  const value = field(record, column.source);
  switch (column.kind) {
    case 'text': {
      const shown = column.value ? column.value(record) : value;
      return blank(shown) ? EMPTY : String(shown);
    }
    case 'money': {
      if (blank(value)) return EMPTY;
      if (column.signColor) return <SignedAmount value={String(value)} />;
      const currency = column.currencySource ? field(record, column.currencySource) : null;
      return `${formatAmount(String(value))}${blank(currency) ? '' : ` ${String(currency)}`}`;
    }
    case 'date':
      return blank(value) ? EMPTY : dayjs(String(value)).format(DATE_FORMAT);
    case 'datetime':
      return formatDateTime(value as string | null);
    case 'enum':
      return blank(value) ? EMPTY : <Translated messageKey={`${column.prefix}${String(value)}`} fallback={String(value)} />;
    case 'lookup':
      return blank(value) ? EMPTY : <Lookup from={column.from} value={value as string | number} />;
    case 'boolean':
      return blank(value) ? EMPTY : <Translated messageKey={value ? 'app.common.yes' : 'app.common.no'} fallback={String(value)} />;
    case 'link': {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => !blank(v));
      if (values.length === 0) return EMPTY;
      const links = values.map((v) => (
        <NewTabLink key={String(v)} href={column.href.replace('{value}', encodeURIComponent(String(v)))}>{String(v)}</NewTabLink>
      ));
      return values.length === 1 ? links[0] : <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>{links}</Box>;
    }
    case 'custom': {
      const Render = parts.get(column.render);
      return Render ? <Render record={record} /> : null;
    }
  }
}

/** The Datagrid children of a declaration's columns; `parts` holds its loaded custom parts. */
export function columnFields(columns: ColumnDeclaration[], parts: Map<Part<any>, ComponentType<any>>) {
  return columns.map((column) => (
    <FunctionField
      key={column.source} source={column.source} label={column.label} sortable={column.sortable ?? false}
      sx={column.kind === 'text' && column.monospace ? { fontFamily: 'monospace' } : undefined}
      render={(record) => cell(column, record, parts)}
    />
  ));
}

/** The columns the server writes into the CSV/XLSX (the e2e compares their labels with the file's header). */
export const exportedColumns = (columns: ColumnDeclaration[]) =>
  columns.filter((c) => c.exported ?? c.kind !== 'custom');
