// Shapes of the calls the schedules screens make (server/modules/{locations,groups,schedules,holidays}).
import type { Schedule } from '../../../domain/schedule/types';
import type { LocationRecord } from '../../resources/locations/types';

export interface PlaygroundRecord {
  id: number;
  name: string;
  types: string[];
  duration: number;
  max_players: number;
  group: number | null;
}

export interface GroupRecord {
  id: number;
  name: string;
  playgrounds: number[];
}

/** GET /api/v2.1/locations/{id}/ */
export interface LocationDetail extends Omit<LocationRecord, 'playgrounds'> {
  timezone: string;
  /** The booking form's price preview: the group discount (all places taken) and the early-booking conditions. */
  group_discount_percent?: number;
  early_booking?: { days: number; discount: number }[];
  playgrounds: PlaygroundRecord[];
  playground_groups: GroupRecord[];
}

/** A schedule as the server returns it. */
export interface ScheduleRecord extends Schedule {
  location: number;
}

export interface HolidayRecord {
  id: number;
  date: string;
  kind: 'holiday' | 'pre_holiday';
  name: string;
}

/** POST /api/v2.1/schedule/check/ */
export interface GridCheck {
  items: { index: number; day_types: number[]; sessions: { time_start: string; time_end: string }[] }[];
}
