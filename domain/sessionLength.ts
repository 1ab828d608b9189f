// #42 Session length: the schedule's row (its `duration`) is what is sold, the booking's session lasts
// that long; a playground's own duration only pre-fills the new rows of its group's schedules. Where
// they differ, the playground's form, its chip on the schedules page and the schedule's row say so
// ("по расписанию 60 мин"), never silently (docs/decisions.md "#42 SESSION LENGTH").

interface ScheduleLike {
  playground_group: number | null;
  disabled: boolean;
  items: readonly { duration: number | string }[];
}

/** The session lengths the group's schedules sell (those switched on), ascending, each once. */
export function scheduleDurations(schedules: readonly ScheduleLike[], group: number | null): number[] {
  if (group === null) return [];
  const minutes = schedules.filter((s) => s.playground_group === group && !s.disabled)
    .flatMap((s) => s.items.map((i) => Number(i.duration))).filter((m) => Number.isInteger(m) && m > 0);
  return [...new Set(minutes)].sort((a, b) => a - b);
}

/** The schedule's lengths when any differs from the playground's own (null: they agree, or no schedule). */
export function differingDurations(playgroundMinutes: number, scheduled: readonly number[]): number[] | null {
  return scheduled.some((m) => m !== playgroundMinutes) ? [...scheduled] : null;
}

/** The length a new row of a group's schedule starts with: its playgrounds' (the most of them), else the last row's, else 60. */
export function newRowDuration(groupPlaygrounds: readonly { duration: number }[], lastRow?: number): number {
  const counts = new Map<number, number>();
  for (const p of groupPlaygrounds) counts.set(p.duration, (counts.get(p.duration) ?? 0) + 1);
  const [most] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return most?.[0] ?? (lastRow && lastRow > 0 ? lastRow : 60);
}
