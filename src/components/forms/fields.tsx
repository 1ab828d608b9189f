// The inputs of a declared form (src/resources/<name>/index.ts `form.fields`) by kind, their
// validators with the specs' message keys, the first values and the body a save sends.
import { createContext, useContext, useEffect, useState } from 'react';
import { Box, Button, FormHelperText, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  BooleanInput, NumberInput, SelectArrayInput, SelectInput, TextInput, email, maxLength, maxValue, minValue, regex, required, useNotify,
  usePermissions, useTranslate, type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { readAmount } from '../../../domain/money';
import { DateInput } from './DateField';
import { DateTimeInput } from './DateTimeInput';
import { amountMaxChars, validPhone } from '../validators';
import { offeredFields, type Choice, type ChoicesFrom, type FieldDeclaration, type FormDeclaration } from '../../resources/declaration';
import { useEndpointChoices } from '../records/choices';
import { usePermissionsAt } from '../../resources/locations/permissionsAt';
import { useRouteCurrency, useRouteMoney } from './routeMoney';
import { currencyAdornment } from './currencyAdornment';

/** What a form's fields may read besides the values: its meta (paths of loaded choices) and the action's row. */
export const FormContextValues = createContext<{ meta?: Record<string, unknown>; record?: Record<string, any> }>({});

export type FormMode = 'create' | 'edit';
type Values = Record<string, any>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The fields of the create or the edit form. */
export const fieldsOf = (form: FormDeclaration, mode: FormMode) => form.fields.filter((f) => !f.on || f.on === mode);

/** react-admin validators of a field: its kind's checks, then its own rules. */
export function validatorsOf(field: FieldDeclaration): Validator[] {
  const out: Validator[] = [];
  const requiredMessage = field.requiredMessage ?? 'validation.validationRequired';
  if (field.required) out.push(required(requiredMessage));
  switch (field.kind) {
    case 'text':
    case 'textarea':
      // Sent trimmed: spaces alone are as empty as nothing.
      if (field.required) out.push((v) => (typeof v === 'string' && v !== '' && !v.trim() ? requiredMessage : undefined));
      if (field.maxLength) out.push(maxLength(field.maxLength, field.maxLengthMessage ?? 'validation.validationPaymentsLength'));
      if (field.pattern) out.push(regex(field.pattern.regex, field.pattern.message));
      if (field.format === 'email') out.push(email('validation.validationEmail'));
      if (field.format === 'phone') out.push(validPhone);
      break;
    case 'number':
      if (field.integer) out.push((v) => (blank(v) || Number.isInteger(Number(v)) ? undefined : 'validation.validationPersons'));
      if (field.min !== undefined) out.push(minValue(field.min, 'validation.validationMinValue'));
      if (field.max !== undefined) out.push(maxValue(field.max, 'validation.validationMaxValue'));
      break;
    case 'money':
      if (field.maxLength) out.push(amountMaxChars(field.maxLength));
      out.push((v) => (blank(v) || readAmount(v) !== null ? undefined : 'validation.validationCost'));
      break;
    default:
  }
  for (const rule of field.rules ?? []) out.push((v, values) => rule(v, values));
  return out;
}

function emptyOf(field: FieldDeclaration): unknown {
  if (field.kind === 'boolean') return false;
  if (field.kind === 'select' && field.multiple) return [];
  return field.kind === 'text' || field.kind === 'textarea' || field.kind === 'money' ? '' : null;
}

/** The form's first values: the record's (edit) or each field's default (create). */
export function defaultsOf(fields: FieldDeclaration[], record: Values | undefined): Values {
  return Object.fromEntries(fields.map((f) => [f.source, record ? record[f.source] ?? emptyOf(f) : f.default ?? emptyOf(f)]));
}

/** What a save sends: the form's own fields (never a read-only one), each as the API writes it. */
export function bodyOf(fields: FieldDeclaration[], values: Values): Values {
  const body: Values = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const v = values[f.source];
    switch (f.kind) {
      case 'text':
      case 'textarea':
        body[f.source] = String(v ?? '').trim();
        break;
      case 'money':
        body[f.source] = readAmount(v) ?? String(v ?? '').trim();
        break;
      case 'number':
        body[f.source] = blank(v) ? null : Number(v);
        break;
      case 'boolean':
        body[f.source] = !!v;
        break;
      case 'date':
      case 'datetime':
        body[f.source] = blank(v) ? null : v;
        break;
      default:
        body[f.source] = v;
    }
  }
  return body;
}

/** Checks a field again when a field it depends on changes (a range that follows a type). */
function useRecheck(field: FieldDeclaration) {
  const watched = useWatch({ name: field.dependsOn ?? [] });
  const { getValues, trigger } = useFormContext();
  const key = JSON.stringify(watched);
  useEffect(() => {
    if (field.dependsOn && !blank(getValues(field.source))) void trigger(field.source);
  }, [key, field, getValues, trigger]);
}

/** Fills an endpoint path's `{key}` from the form's meta (the key stays when the meta lacks it). */
export function choicesPath(path: string, meta: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (whole, key: string) => (meta?.[key] == null ? whole : encodeURIComponent(String(meta[key]))));
}

/** The choices of a loaded select or suggestions, with the path filled and the label formatted. */
function useLoadedChoices(from: ChoicesFrom | undefined): { choices: Choice[]; pending: boolean } {
  const { meta } = useContext(FormContextValues);
  const path = from ? choicesPath(from.path, meta) : undefined;
  const loaded = useEndpointChoices(from && path ? { ...from, path } : undefined);
  // A rate is money of the location: with its currency, as every amount on the screens.
  const money = useRouteMoney();
  const choices = from?.labelFormat === 'money' ? loaded.map((c) => ({ ...c, label: money(c.label) })) : loaded;
  return { choices, pending: !!from && loaded.length === 0 };
}

function SelectField({ field, common }: { field: Extract<FieldDeclaration, { kind: 'select' }>; common: Record<string, any> }) {
  const { record } = useContext(FormContextValues);
  const loaded = useLoadedChoices(field.choicesFrom);
  const current = useWatch({ name: field.source });
  let choices = field.choicesFrom ? loaded.choices : field.choices ?? [];
  const fromRecord = field.choicesFromRecord ? (record?.[field.choicesFromRecord] as unknown[] | undefined) ?? [] : null;
  if (fromRecord) choices = fromRecord.map((v) => ({ value: String(v), label: String(v) }));
  if (field.exceptRecordField && record) choices = choices.filter((c) => c.value !== record[field.exceptRecordField!]);
  // #42 A choice for some records only (the sandbox where the server takes it); the value a record holds stays offered.
  choices = choices.filter((c) => !c.when || c.when(record ?? {}) || c.value === current || c.value === record?.[field.source]);
  const Input = field.multiple ? SelectArrayInput : SelectInput;
  return (
    <Input
      {...common} source={field.source} isPending={field.choicesFrom ? loaded.pending : undefined}
      // Loaded labels are data (names, amounts), not message keys.
      translateChoice={!field.choicesFrom && !fromRecord}
      choices={choices.map((c) => ({ id: c.value, name: c.label }))}
    />
  );
}

/** #42 A secret masked as it is typed, with a button that shows it (and hides it again). */
function SecretField({ field, common }: { field: Extract<FieldDeclaration, { kind: 'text' | 'textarea' }>; common: Record<string, any> }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const label = translate(shown ? 'app.forms.secret.hide' : 'app.forms.secret.show');
  return (
    <TextInput
      {...common} source={field.source} type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput: { autoComplete: 'new-password', spellCheck: false, 'data-testid': `secret-${field.source}` },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} title={label} aria-pressed={shown} onClick={() => setShown((v) => !v)} edge="end">
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** #42 A text to copy elsewhere, with its copy button (nothing while `value` gives null). */
function CopyField({ field }: { field: Extract<FieldDeclaration, { kind: 'copy' }> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { record } = useContext(FormContextValues);
  const values = useWatch() as Values;
  const text = field.value(values, record ?? {});
  if (!text) return null;
  const hint = typeof field.hint === 'function' ? field.hint(values) : field.hint;
  const copy = () => navigator.clipboard.writeText(text).then(
    () => notify('app.forms.copy.copied', { type: 'success' }),
    () => notify('app.forms.copy.failed', { type: 'error' }),
  );
  return (
    <Box sx={{ mb: 2 }} data-testid={`copy-${field.source}`}>
      <Typography variant="body2" component="p" sx={{ fontWeight: 500 }} id={`copy-${field.source}-label`}>{translate(field.label)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mt: 0.5 }}>
        <Box component="code" aria-labelledby={`copy-${field.source}-label`}
          sx={{ flex: 1, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontSize: 13, wordBreak: 'break-all' }} data-testid={`copy-${field.source}-text`}>
          {text}
        </Box>
        <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          {translate('app.forms.copy.button')}
        </Button>
      </Stack>
      {hint && <FormHelperText>{typeof hint === 'object' ? translate(hint.message, hint.args) : translate(hint)}</FormHelperText>}
    </Box>
  );
}

function TextField({ field, common }: { field: Extract<FieldDeclaration, { kind: 'text' | 'textarea' }>; common: Record<string, any> }) {
  const { choices } = useLoadedChoices(field.suggestionsFrom);
  const list = field.suggestionsFrom ? `${field.source}-suggestions` : undefined;
  if (field.format === 'secret') return <SecretField field={field} common={common} />;
  return (
    <>
      <TextInput
        {...common} source={field.source} type={field.format === 'phone' ? 'tel' : field.format}
        slotProps={list ? { htmlInput: { list } } : undefined}
      />
      {list && <datalist id={list}>{choices.map((c) => <option key={String(c.value)} value={c.label} />)}</datalist>}
    </>
  );
}

function FieldInput({ field, first }: { field: FieldDeclaration; first: boolean }) {
  useRecheck(field);
  const values = useWatch() as Values;
  const translate = useTranslate();
  const picked = typeof field.hint === 'function' ? field.hint(values) : field.hint;
  const hint = picked && typeof picked === 'object' ? translate(picked.message, picked.args) : picked;
  const common = {
    source: field.source, label: field.label, validate: validatorsOf(field), helperText: hint ?? false,
    fullWidth: true, autoFocus: first, readOnly: field.readOnly,
  } as const;
  switch (field.kind) {
    case 'text':
      return <TextField field={field} common={common} />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} />;
    case 'money':
      return <MoneyInput common={common} withCurrency={!!field.inLocationCurrency} />;
    case 'number':
      return <NumberInput {...common} min={field.min} max={field.max} step={field.integer ? 1 : undefined} />;
    case 'select':
      return <SelectField field={field} common={common} />;
    case 'boolean':
      return <BooleanInput {...common} fullWidth={false} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'copy':
      return <CopyField field={field} />;
  }
}

/** #42 An amount beside the location's currency sign. */
function MoneyInput({ common, withCurrency }: { common: Record<string, any>; withCurrency: boolean }) {
  const currency = useRouteCurrency();
  return <TextInput {...(common as { source: string })} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: withCurrency ? currencyAdornment(currency) : undefined }} />;
}

/** The inputs in order; fields sharing a `row` stand side by side. */
export function FormFields({ fields }: { fields: FieldDeclaration[] }) {
  // #42 The fields whose permissions the user holds (at the form's location, like the row actions).
  const { meta } = useContext(FormContextValues);
  const atLocation = usePermissionsAt(meta?.location_id);
  const { permissions: union } = usePermissions<string[]>();
  const held = meta?.location_id ? atLocation.permissions : union;
  const offered = offeredFields(fields, held);
  const groups: FieldDeclaration[][] = [];
  for (const f of offered) {
    const last = groups.at(-1);
    if (last && f.row !== undefined && last[0]!.row === f.row) last.push(f);
    else groups.push([f]);
  }
  return (
    <>
      {groups.map((group) => (group.length === 1
        ? <FieldInput key={group[0]!.source} field={group[0]!} first={group[0] === offered[0]} />
        : (
          <Stack key={group[0]!.source} direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            {group.map((f) => <FieldInput key={f.source} field={f} first={f === offered[0]} />)}
          </Stack>
        )))}
    </>
  );
}
