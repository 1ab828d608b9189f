// Shapes of the calls only the schedules screens make (server/modules/{schedules,holidays}); the
// location with its playgrounds and groups is in src/resources/locations/types.ts, a schedule in
// src/resources/schedules/types.ts (their declarations read them too).

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
