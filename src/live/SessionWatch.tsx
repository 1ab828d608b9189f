// The booking forms' warning: the chosen session was filled or has gone while the form was open
// (another cashier, the widget, a schedule change), shown at once, before save, with the nearest
// sessions that still have room as buttons. The form's other fields are left as the user typed them.
import { useRef } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SlotBase } from '../../domain/slot';
import { nearestFree, sessionTrouble } from './sessionWatch';

export function SessionWatch({ chosen, persons, slots, offered, ownPersons = 0, onPick }: {
  chosen: string;
  persons: number | null;
  /** The day's sessions; undefined while they load. */
  slots: readonly SlotBase[] | undefined;
  offered: readonly SlotBase[];
  ownPersons?: number;
  onPick: (timeStart: string) => void;
}) {
  const translate = useTranslate();
  // The form clears a persons count no longer offered: the warning keeps the last one asked for.
  const wanted = useRef<number | null>(null);
  const last = useRef('');
  if (chosen !== last.current) {
    last.current = chosen;
    wanted.current = null;
  }
  if (persons !== null) wanted.current = persons;
  if (!slots) return null;
  const trouble = sessionTrouble(chosen, wanted.current, slots, offered, ownPersons);
  if (!trouble) return null;
  const time = chosen.slice(11, 16);
  const nearest = nearestFree(chosen, wanted.current, offered);
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="session-trouble" role="alert">
      {trouble.kind === 'fewer'
        ? translate('app.live.sessionFewer', { time, n: trouble.left, smart_count: trouble.left })
        : translate(trouble.kind === 'full' ? 'app.live.sessionFull' : 'app.live.sessionGone', { time })}
      {nearest.length > 0 ? (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }} data-testid="nearest-free">
          {translate('app.live.nearest')}
          {nearest.map((s) => (
            <Button key={s.time_start} size="small" variant="outlined" onClick={() => onPick(s.time_start)}>
              {s.time_start.slice(11, 16)} · {translate('app.calendar.free', { n: s.available_persons })}
            </Button>
          ))}
        </Stack>
      ) : (
        <div>{translate('app.live.noneFree')}</div>
      )}
    </Alert>
  );
}

/**
 * The multi-booking form's warning: each chosen session that was taken or has gone while the form
 * was open, with the nearest sessions of the same playground that are still wholly free (a
 * multi-booking takes the whole playground) as buttons that put one in its place.
 */
export function MultiSessionWatch({ gone, keyOf, onReplace }: {
  /** The chosen sessions no longer offered, each with its playground's name and the offered sessions of that playground not chosen yet. */
  gone: { key: string; timeStart: string; playgroundName: string; others: readonly SlotBase[] }[];
  /** The form's key of a session. */
  keyOf: (s: SlotBase) => string;
  /** newKey null: the session leaves the order. */
  onReplace: (oldKey: string, newKey: string | null) => void;
}) {
  const translate = useTranslate();
  if (gone.length === 0) return null;
  return (
    <Stack sx={{ gap: 1, mb: 1 }}>
      {gone.map((g) => {
        const nearest = nearestFree(g.timeStart, null, g.others);
        return (
          <Alert key={g.key} severity="warning" data-testid="session-trouble" role="alert">
            {translate('app.live.multiSessionGone', { time: g.timeStart.slice(11, 16), playground: g.playgroundName })}
            {nearest.length > 0 ? (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }} data-testid="nearest-free">
                {translate('app.live.nearest')}
                {nearest.map((s) => (
                  <Button key={s.time_start} size="small" variant="outlined" onClick={() => onReplace(g.key, keyOf(s))}>
                    {s.time_start.slice(11, 16)}
                  </Button>
                ))}
              </Stack>
            ) : (
              <div>{translate('app.live.noneFreeHere')}</div>
            )}
            {/* The gone session has no chip any more to unselect: it can leave the order from here. */}
            <Button size="small" color="inherit" sx={{ mt: 0.5 }} onClick={() => onReplace(g.key, null)} data-testid="remove-gone-session">
              {translate('app.live.removeSession')}
            </Button>
          </Alert>
        );
      })}
    </Stack>
  );
}
