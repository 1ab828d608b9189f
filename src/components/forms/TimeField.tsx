// The one time input of the app: HH:mm on a 24-hour clock in both languages, whatever the browser's
// locale (a native <input type=time> follows the browser and showed 02:00 PM to an en-US browser).
// A text field: what is typed stays as typed; leaving the field writes a time it can read the
// usual ways (9:30, 930, 14.00, 1400) as HH:mm. Values in and out are 'HH:mm' texts.
import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { parseTime } from '../../../domain/dates';

/** A typed time as 'HH:mm'; null when it is no time of day. */
export const parseTimeText = parseTime;

export type TimeFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TimeField({ value, onChange, onBlur, slotProps, ...props }: TimeFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      {...props} value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const time = parseTimeText(value);
        if (time && time !== value) onChange(time);
        onBlur?.(e);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: { inputMode: 'numeric', maxLength: 5, placeholder: translate('app.forms.timePlaceholder'), autoComplete: 'off', ...(slotProps?.htmlInput as object) },
      }}
    />
  );
}
