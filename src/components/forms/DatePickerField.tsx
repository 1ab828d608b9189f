// The picker behind DateField (./DateField.tsx), a chunk of its own (~48 kB gzip): MUI X's
// DatePicker (AdapterDayjs) showing DD.MM.YYYY in both languages, whatever the browser's locale.
// The picker's texts and first weekday follow the app's language. Values in and out are ISO days.
import { createContext, useContext, useEffect, useRef, useState, type FocusEvent } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/en-gb';
import { DATE_FORMAT } from '../../../domain/constants';
import { useLanguage } from '../../i18n/useLanguage';
import { dayToShow, ISO_DAY, parseDayText, type DateFieldProps } from './dayText';
import { useRouteLocationToday } from './locationToday';

/** The day the picker marks as today (the location's); undefined: the browser's, MUI's own. */
const TodayContext = createContext<string | undefined>(undefined);

/** MUI marks the browser's today; this day marks the location's (the mark and aria-current). */
function LocationDay(props: PickerDayProps) {
  const today = useContext(TodayContext);
  if (!today) return <PickerDay {...props} />;
  const isToday = (props.day as Dayjs).format(ISO_DAY) === today;
  return <PickerDay {...props} today={isToday} aria-current={isToday ? 'date' : undefined} data-today={isToday ? 'true' : undefined} />;
}

/** Weeks start on Monday in both languages, as in the month grid (en-gb: English names, Monday first). */
const PICKER_LOCALE = { ru: 'ru', en: 'en-gb' } as const;

const PICKER_TEXTS = {
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

export function DatePickerField({ label, value, onChange, min, max, required, disabled, readOnly, error, helperText, size, fullWidth, margin, autoFocus, name, sx, onBlur, today: givenToday, ...rest }: DateFieldProps) {
  const lang = useLanguage();
  const routeToday = useRouteLocationToday();
  const today = givenToday ?? routeToday;
  // The picker shows what is being typed; the value the caller gets is a whole day only. Each typed
  // section makes a date, and a year still being typed (2, 20, 202) is not one to take.
  const [shown, setShown] = useState<Dayjs | null>(() => (value ? dayjs(value, ISO_DAY) : null));
  // A value from outside waits while the field has the focus (dayToShow); the blur applies it.
  const focused = useRef(false);
  const changedWhileFocused = useRef(false);
  const sync = (given: string | null | undefined) => setShown((current) => {
    const iso = dayToShow(current === null ? '' : current.isValid() ? current.format(ISO_DAY) : null, given ?? '', focused.current);
    return iso === undefined ? current : iso ? dayjs(iso, ISO_DAY) : null;
  });
  useEffect(() => {
    if (focused.current) changedWhileFocused.current = true;
    else sync(value);
  }, [value]);
  // Moving between the day, month and year sections moves the focus inside the field: not a blur.
  const inside = (e: FocusEvent) => e.currentTarget.contains(e.relatedTarget as Node | null);
  const onFieldFocus = () => { focused.current = true; };
  const onFieldBlur = (e: FocusEvent) => {
    if (inside(e)) return;
    focused.current = false;
    if (changedWhileFocused.current) sync(value);
    changedWhileFocused.current = false;
    onBlur?.();
  };
  const emit = (d: Dayjs | null) => {
    setShown(d);
    if (!d) return onChange('');
    if (d.isValid() && d.year() >= 1000) onChange(d.format(ISO_DAY));
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={PICKER_LOCALE[lang]} localeText={PICKER_TEXTS[lang]}>
      <TodayContext.Provider value={today}>
      <DatePicker
        label={label} value={shown} onChange={emit} format={DATE_FORMAT}
        minDate={min ? dayjs(min, ISO_DAY) : undefined} maxDate={max ? dayjs(max, ISO_DAY) : undefined}
        disabled={disabled} readOnly={readOnly} autoFocus={autoFocus} name={name}
        // An empty field opens on the location's month, with its today marked.
        referenceDate={today ? dayjs(today, ISO_DAY) : undefined}
        slots={{ day: LocationDay }}
        slotProps={{
          textField: {
            required, error, helperText, size, fullWidth, margin, sx, onFocus: onFieldFocus, onBlur: onFieldBlur,
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
      </TodayContext.Provider>
    </LocalizationProvider>
  );
}
