// What a screen shows when its record cannot be read: a 404 or 403 (no such record, or no role at
// its location) is an answer, shown at once with a way back (#18); any other failure shows its
// message, with the same way back. `UnavailableAlert` is the one shape; a location's screens and the
// schedule editor say it in their words.
import { Alert, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { statusOf } from '../dataProvider/queryClient';

export function UnavailableAlert({ error, refusedText, back, backLabel, testId }: {
  error: unknown;
  /** What a 404 or 403 means here ("Локация №5 недоступна"). */
  refusedText: string;
  back: string;
  backLabel: string;
  testId: string;
}) {
  const translate = useTranslate();
  const status = statusOf(error);
  const text = status === 404 || status === 403 ? refusedText : (error as Error)?.message || translate('app.alerts.unknownError');
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      data-testid={testId}
      action={(
        <Button component={RouterLink} to={back} color="inherit" size="small" startIcon={<ArrowBackIcon />}>
          {backLabel}
        </Button>
      )}
    >
      {text}
    </Alert>
  );
}

export function LocationUnavailable({ id, error }: { id: string | number; error: unknown }) {
  const translate = useTranslate();
  return (
    <UnavailableAlert
      error={error} refusedText={translate('app.access.locationUnavailable', { id })}
      back="/locations" backLabel={translate('app.access.backToLocations')} testId="location-unavailable"
    />
  );
}
