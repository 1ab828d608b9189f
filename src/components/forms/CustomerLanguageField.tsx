// #45 The customer's language for their messages, in the desk's booking forms (single and multi-booking):
// ru or en, the location's first by default; "none" only for an order that has none yet (an old one),
// which then keeps it (its messages go in the location's first language).
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MESSAGE_LANGUAGES } from '../../../domain/customerMessages';

export function CustomerLanguageField({ value, onChange, testId = 'booking-language' }: { value: string; onChange: (language: string) => void; testId?: string }) {
  const translate = useTranslate();
  return (
    <TextField select fullWidth label={translate('app.messaging.booking.language')} value={value} data-testid={testId}
      onChange={(e) => onChange(e.target.value)} helperText={translate('app.messaging.booking.languageHint')}>
      {value === '' && <MenuItem value=""><em>{translate('app.messaging.booking.languageNone')}</em></MenuItem>}
      {MESSAGE_LANGUAGES.map((l) => <MenuItem key={l} value={l}>{translate(`app.messaging.languages.${l}`)}</MenuItem>)}
    </TextField>
  );
}
