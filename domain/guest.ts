// #30: a walk-in booked without the guest's details has an empty name; every screen writes it with
// the one word for it ("Walk-in", "Без данных гостя") instead of a blank.
export const WALK_IN_KEY = 'app.desk.walkIn';

/** The order's name as the screens show it: the word for a walk-in when it has none. */
export function guestName(name: string | null | undefined, translate: (key: string) => string): string {
  return name && name.trim() ? name : translate(WALK_IN_KEY);
}
