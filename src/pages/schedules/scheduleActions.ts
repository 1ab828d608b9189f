// Calls shared by the schedules list and the editor.
import { useNotify } from 'react-admin';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { ScheduleRecord } from './types';

/**
 * PATCH /schedule/{id}/visible/. LM §4/§8: a refused change shows the server's start_dt message
 * (another enabled schedule of the group starts that day) as an error alert.
 */
export function useSetVisible() {
  const run = useGenericHandler();
  const notify = useNotify();
  return (schedule: Pick<ScheduleRecord, 'id'>, disabled: boolean) => run(
    () => api<ScheduleRecord>(`/api/v2.1/schedule/${schedule.id}/visible/`, { method: 'PATCH', body: { disabled } }),
    (err) => {
      const message = (err.body?.errors as Record<string, string> | undefined)?.start_dt;
      if (!message) return false;
      notify(message, { type: 'error' });
      return true;
    },
  );
}
