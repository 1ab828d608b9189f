// Writes shared by the schedules list and the editor: named actions of the `schedules` resource
// (src/resources/schedules), through the dataProvider.
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { ScheduleRecord } from '../../resources/schedules/types';

/**
 * PATCH /schedule/{id}/visible/ (the `visible` action). LM §4/§8: a refused change shows the
 * server's start_dt message (another enabled schedule of the group starts that day) as an error alert.
 */
export function useSetVisible() {
  const run = useGenericHandler();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (schedule: Pick<ScheduleRecord, 'id'>, disabled: boolean) => run(
    async () => (await dataProvider.action<ScheduleRecord>('schedules', { id: schedule.id, action: 'visible', data: { disabled } })).data,
    (err) => {
      const message = (err.body?.errors as Record<string, string> | undefined)?.start_dt;
      if (!message) return false;
      notify(message, { type: 'error' });
      return true;
    },
  );
}

/** POST /schedule/{id}/clone/ (the `clone` action): the copy. */
export function useCloneSchedule() {
  const run = useGenericHandler();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (schedule: Pick<ScheduleRecord, 'id'>) => run(
    async () => (await dataProvider.action<ScheduleRecord>('schedules', { id: schedule.id, action: 'clone' })).data,
  );
}
