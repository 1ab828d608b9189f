// What a location's screen shows when its location cannot be read: a 404 or 403 (no such location,
// or no role there) is an answer, shown at once with a way back to the locations list (#18); any
// other failure shows its message, with the same way back.
import { Alert, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { statusOf } from '../dataProvider/queryClient';

export function LocationUnavailable({ id, error }: { id: string | number; error: unknown }) {
  const translate = useTranslate();
  const status = statusOf(error);
  const text = status === 404 || status === 403
    ? translate('app.access.locationUnavailable', { id })
    : (error as Error)?.message || translate('app.alerts.unknownError');
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      data-testid="location-unavailable"
      action={(
        <Button component={RouterLink} to="/locations" color="inherit" size="small" startIcon={<ArrowBackIcon />}>
          {translate('app.access.backToLocations')}
        </Button>
      )}
    >
      {text}
    </Alert>
  );
}
