// The one date input of the app: DD.MM.YYYY (spec: "Dates DD.MM.YYYY") in both languages, whatever
// the browser's own locale — a native <input type=date> follows the browser and showed 11/23/2026 in
// the Russian UI. Values in and out stay ISO days ('YYYY-MM-DD'), as the API takes them.
// `DateField` is controlled (filters, dialogs); `DateInput` is its react-admin form input (useInput).
//
// The picker (MUI X, ./DatePickerField.tsx) is ~48 kB gzip, a tenth of the day view's JavaScript.
// Until it has arrived the field is a plain text field showing the same day. A form's field starts
// loading it at once; a `deferred` one (the day view's toolbar, on screen before any click) only
// when the pointer or the focus comes to it, so the day view paints without it.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { withTimeout } from '../../lazyPage';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../domain/constants';
import { shownDay, type DateFieldProps } from './dayText';

let pickerRequested = false;
const loadPicker = () => withTimeout(import('./DatePickerField'), CHUNK_LOAD_TIMEOUT_MS);
const LazyPicker = lazy(async () => ({ default: (await loadPicker()).DatePickerField }));

/** The plain field shown until the picker is there: the same label, day and size, read-only. */
function WaitingField(props: DateFieldProps & { onWake?: () => void; inputRef?: React.Ref<HTMLInputElement> }) {
  const { label, value, required, disabled, error, helperText, size, fullWidth, margin, name, sx, onWake, inputRef } = props;
  return (
    <TextField
      label={label} value={shownDay(value)} required={required} disabled={disabled} error={error}
      helperText={helperText} size={size} fullWidth={fullWidth} margin={margin} name={name} sx={sx}
      onPointerEnter={onWake} onFocus={onWake} inputRef={inputRef}
      slotProps={{ htmlInput: { readOnly: true, 'data-testid': props['data-testid'] } as object, inputLabel: { shrink: true } }}
    />
  );
}

export function DateField({ deferred, ...props }: DateFieldProps & { deferred?: boolean }) {
  const [wanted, setWanted] = useState(!deferred || pickerRequested);
  const focused = useRef(false);
  const waiting = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (wanted) pickerRequested = true;
  }, [wanted]);
  const wake = () => {
    focused.current = document.activeElement === waiting.current;
    setWanted(true);
  };
  if (!wanted) return <WaitingField {...props} onWake={wake} inputRef={waiting} />;
  return (
    <Suspense fallback={<WaitingField {...props} />}>
      {/* Focus stays where the person put it: on the picker once it replaces the plain field. */}
      <LazyPicker {...props} autoFocus={props.autoFocus || focused.current} />
    </Suspense>
  );
}

/** DateField as a react-admin input of a form (the value is the ISO day). */
export function DateInput(props: InputProps & { label?: string | false; helperText?: ReactNode; fullWidth?: boolean; autoFocus?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput(props);
  // react-admin's validators encode their messages (key and arguments): its helper text decodes them.
  const message = fieldState.error?.message;
  return (
    <DateField
      label={typeof props.label === 'string' ? translate(props.label, { _: props.label }) : ''}
      value={field.value ?? ''} onChange={(v) => field.onChange(v || null)} onBlur={field.onBlur}
      name={field.name} required={isRequired} readOnly={props.readOnly} disabled={props.disabled}
      error={fieldState.invalid} helperText={message || props.helperText ? <InputHelperText error={message} helperText={props.helperText} /> : undefined}
      fullWidth={props.fullWidth} autoFocus={props.autoFocus} margin="dense"
    />
  );
}
