// The one date-and-time input of the forms: the app's date field (DD.MM.YYYY) and its time field
// (HH:mm, 24-hour) side by side, whatever the browser's locale — react-admin's DateTimeInput is a
// native datetime-local that showed 11/23/2026, 02:00 PM to an en-US browser. The form's value is
// the wall-clock text 'YYYY-MM-DDTHH:mm' (the caller says whose clock), or null when both are empty;
// a day without a time is its 00:00.
import { useEffect, useState, type ReactNode } from 'react';
import { Stack } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import { DateField } from './DateField';
import { TimeField, parseTimeText } from './TimeField';

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A value the two fields could not make a moment of (a time without a day, or no time of day). */
const INCOMPLETE = 'incomplete';

const wholeMoment: Validator = (value) => (value && !WALL_CLOCK.test(String(value)) ? 'app.forms.dateTimeInvalid' : undefined);

const split = (value: unknown): { day: string; time: string } => {
  const text = typeof value === 'string' && WALL_CLOCK.test(value.slice(0, 16)) ? value.slice(0, 16) : '';
  return { day: text.slice(0, 10), time: text.slice(11, 16) };
};

export function DateTimeInput(props: InputProps & { label?: string | false; helperText?: ReactNode; fullWidth?: boolean; autoFocus?: boolean }) {
  const translate = useTranslate();
  const validate = [...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []), wholeMoment];
  const { field, fieldState, isRequired } = useInput({ ...props, validate });
  const [parts, setParts] = useState(() => split(field.value));
  // A value set from outside (a reset, a default) shows in both fields; one the fields made themselves
  // (their own, or an incomplete one) leaves what is typed as it is.
  useEffect(() => {
    setParts((current) => (field.value === INCOMPLETE || field.value === compose(current) ? current : split(field.value)));
  }, [field.value]);
  const change = (next: { day: string; time: string }) => {
    setParts(next);
    field.onChange(compose(next));
  };
  const message = fieldState.error?.message;
  const timeWrong = !!parts.time && !parseTimeText(parts.time);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} sx={{ width: props.fullWidth ? '100%' : undefined }}>
      <DateField
        label={typeof props.label === 'string' ? translate(props.label, { _: props.label }) : ''}
        value={parts.day} onChange={(day) => change({ ...parts, day })} onBlur={field.onBlur}
        name={field.name} required={isRequired} readOnly={props.readOnly} disabled={props.disabled}
        error={fieldState.invalid && !timeWrong}
        helperText={message || props.helperText ? <InputHelperText error={timeWrong ? undefined : message} helperText={props.helperText} /> : undefined}
        fullWidth autoFocus={props.autoFocus} margin="dense"
      />
      <TimeField
        label={translate('app.forms.time')} value={parts.time} name={`${field.name}_time`}
        onChange={(time) => change({ ...parts, time })} onBlur={field.onBlur}
        disabled={props.disabled} error={timeWrong && fieldState.isTouched}
        helperText={timeWrong && fieldState.isTouched ? translate('app.forms.dateTimeInvalid') : ' '}
        slotProps={{ htmlInput: { readOnly: props.readOnly } }}
        margin="dense" sx={{ width: { sm: 140 }, flexShrink: 0 }}
      />
    </Stack>
  );
}

function compose({ day, time }: { day: string; time: string }): string | null {
  if (!day && !time.trim()) return null;
  const clock = time.trim() ? parseTimeText(time) : '00:00';
  return day && clock ? `${day}T${clock}` : INCOMPLETE;
}
