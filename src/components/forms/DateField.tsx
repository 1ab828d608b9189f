// The one date input of the app: MUI X's DatePicker (AdapterDayjs) showing DD.MM.YYYY (spec: "Dates
// DD.MM.YYYY") in both languages, whatever the browser's own locale — a native <input type=date>
// follows the browser and showed 11/23/2026 in the Russian UI. The picker's texts and first weekday
// follow the app's language. Values in and out stay ISO days ('YYYY-MM-DD'), as the API takes them.
// `DateField` is controlled (filters, dialogs); `DateInput` is its react-admin form input (useInput).
import { useEffect, useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { DATE_FORMAT } from '../../../domain/constants';
import { useLanguage } from '../../i18n/useLanguage';

dayjs.extend(customParseFormat);

const ISO = 'YYYY-MM-DD';
const PICKER_TEXTS = {
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/** A typed or pasted text as an ISO day: DD.MM.YYYY as shown, or YYYY-MM-DD; null when it is neither. */
export function parseDayText(text: string): string | null {
  const value = text.trim();
  const d = dayjs(value, [DATE_FORMAT, ISO], true);
  return d.isValid() ? d.format(ISO) : null;
}

export interface DateFieldProps {
  label: ReactNode;
  /** 'YYYY-MM-DD' or '' (empty). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  autoFocus?: boolean;
  name?: string;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  'data-testid'?: string;
}

export function DateField({ label, value, onChange, min, max, required, disabled, readOnly, error, helperText, size, fullWidth, margin, autoFocus, name, sx, onBlur, ...rest }: DateFieldProps) {
  const lang = useLanguage();
  // The picker shows what is being typed; the value the caller gets is a whole day only. Each typed
  // section makes a date, and a year still being typed (2, 20, 202) is not one to take.
  const [shown, setShown] = useState<Dayjs | null>(() => (value ? dayjs(value, ISO) : null));
  useEffect(() => {
    setShown((current) => {
      const currentIso = current?.isValid() ? current.format(ISO) : '';
      if ((value ?? '') === currentIso || (!value && current && !current.isValid())) return current;
      return value ? dayjs(value, ISO) : null;
    });
  }, [value]);
  const emit = (d: Dayjs | null) => {
    setShown(d);
    if (!d) return onChange('');
    if (d.isValid() && d.year() >= 1000) onChange(d.format(ISO));
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang} localeText={PICKER_TEXTS[lang]}>
      <DatePicker
        label={label} value={shown} onChange={emit} format={DATE_FORMAT}
        minDate={min ? dayjs(min, ISO) : undefined} maxDate={max ? dayjs(max, ISO) : undefined}
        disabled={disabled} readOnly={readOnly} autoFocus={autoFocus} name={name}
        slotProps={{
          textField: {
            required, error, helperText, size, fullWidth, margin, sx, onBlur,
            // The field's hidden input holds the shown text; a whole date typed or pasted into it
            // (DD.MM.YYYY, or the ISO day) is taken as it is.
            slotProps: {
              htmlInput: {
                'data-testid': rest['data-testid'],
                onChange: (e: { target: { value: string } }) => {
                  const text = e.target.value;
                  if (!text) return onChange('');
                  const iso = parseDayText(text);
                  if (iso) onChange(iso);
                },
              } as object,
            },
          },
        }}
      />
    </LocalizationProvider>
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
