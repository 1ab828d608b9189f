// The day view's "Reload": disabled while the day's schedules are being read. Its own component, so a
// refetch's start and end re-render this button, not the page (#49).
import { Button } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useIsFetching } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { bookingKeys } from './dayData';

export function ReloadButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  const fetching = useIsFetching({ queryKey: bookingKeys.schedules }) > 0;
  return (
    <Button size="small" startIcon={<RefreshIcon />} onClick={onClick} disabled={fetching} data-testid="reload">
      {translate('app.booking.toolbar.reload')}
    </Button>
  );
}
