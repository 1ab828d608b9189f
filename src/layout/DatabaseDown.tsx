// #48 While the server cannot reach its database: a notice under the header on every screen, with
// since when; the screens keep what they show and the desk's changes wait (DayCalendar's "+", the
// slot's pay, edit and cancel: useDatabaseDown). When it is back, every screen reads again.
import { useEffect, useRef } from 'react';
import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useDatabaseDown } from '../dataProvider/databaseStatus';
import { formatInstant } from '../../domain/dates';

export function DatabaseDown() {
  const translate = useTranslate();
  const since = useDatabaseDown();
  const client = useQueryClient();
  const was = useRef(since);
  useEffect(() => {
    if (was.current !== null && since === null) void client.invalidateQueries();
    was.current = since;
  }, [since, client]);
  if (since === null) return null;
  return (
    <Alert severity="warning" role="status" data-testid="database-down" sx={{ position: 'sticky', top: 0, zIndex: (t) => t.zIndex.appBar - 1, mb: 1 }}>
      {translate('app.databaseDown.notice', { time: formatInstant(since, null).slice(11, 16) })}
    </Alert>
  );
}
