// The picker behind DateField (./DateField.tsx), a chunk of its own (~48 kB gzip): MUI X's
// DatePicker (AdapterDayjs) showing DD.MM.YYYY in both languages, whatever the browser's locale.
// The picker's texts and first weekday follow the app's language. Values in and out are ISO days.
import { useEffect, useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { DATE_FORMAT } from '../../../domain/constants';
import { useLanguage } from '../../i18n/useLanguage';
import { ISO_DAY, parseDayText, type DateFieldProps } from './dayText';

const PICKER_TEXTS = {
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

export function DatePickerField({ label, value, onChange, min, max, required, disabled, readOnly, error, helperText, size, fullWidth, margin, autoFocus, name, sx, onBlur, ...rest }: DateFieldProps) {
  const lang = useLanguage();
  // The picker shows what is being typed; the value the caller gets is a whole day only. Each typed
  // section makes a date, and a year still being typed (2, 20, 202) is not one to take.
  const [shown, setShown] = useState<Dayjs | null>(() => (value ? dayjs(value, ISO_DAY) : null));
  useEffect(() => {
    setShown((current) => {
      const currentIso = current?.isValid() ? current.format(ISO_DAY) : '';
      if ((value ?? '') === currentIso || (!value && current && !current.isValid())) return current;
      return value ? dayjs(value, ISO_DAY) : null;
    });
  }, [value]);
  const emit = (d: Dayjs | null) => {
    setShown(d);
    if (!d) return onChange('');
    if (d.isValid() && d.year() >= 1000) onChange(d.format(ISO_DAY));
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang} localeText={PICKER_TEXTS[lang]}>
      <DatePicker
        label={label} value={shown} onChange={emit} format={DATE_FORMAT}
        minDate={min ? dayjs(min, ISO_DAY) : undefined} maxDate={max ? dayjs(max, ISO_DAY) : undefined}
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
