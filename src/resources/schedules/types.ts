// A schedule as the schedule calls answer it (server/modules/schedules), read by the declaration
// and the schedules screens.
import type { Schedule } from '../../../domain/schedule/types';

/** A schedule as the server returns it. */
export interface ScheduleRecord extends Schedule {
  location: number;
}
