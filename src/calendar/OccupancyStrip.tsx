// Progress bars of the day's orders per session start time: places taken of places offered over
// all playgrounds, one compact bar per time; a click scrolls the calendar to that time.
import { Box, ButtonBase, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Occupancy } from './calendarModel';

export function OccupancyStrip({ rows, onPick }: { rows: Occupancy[]; onPick: (time: string) => void }) {
  const translate = useTranslate();
  if (rows.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={translate('app.calendar.occupancy')}
      data-testid="occupancy"
      // contain: the strip scrolls inside the page instead of widening it (react-admin's layout is fit-content).
      sx={{ display: 'flex', gap: 0.75, overflowX: 'auto', pb: 0.75, mb: 1, width: '100%', contain: 'inline-size' }}
    >
      {rows.map((r) => {
        const value = r.total ? Math.round((r.taken / r.total) * 100) : 0;
        const colour = value >= 100 ? 'error' : value >= 50 ? 'warning' : 'primary';
        return (
          <ButtonBase
            key={r.time}
            onClick={() => onPick(r.time)}
            aria-label={translate('app.calendar.occupancyAt', { time: r.time, taken: r.taken, total: r.total })}
            data-testid="occupancy-time"
            data-time={r.time}
            data-taken={r.taken}
            data-total={r.total}
            sx={{ flexDirection: 'column', alignItems: 'stretch', minWidth: 64, px: 0.75, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          >
            <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.2 }}>{r.time}</Typography>
            {/* The button is named (time, taken/total); the bar only draws it (axe: a progressbar needs a name). */}
            <LinearProgress aria-hidden variant="determinate" value={Math.min(100, value)} color={colour} sx={{ height: 6, borderRadius: 3, my: 0.25 }} />
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.1 }}>{r.taken}/{r.total}</Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
