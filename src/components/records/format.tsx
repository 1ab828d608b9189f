// Small shared renderers of the record lists. Dates go through domain/dates.ts, the one date formatter.
import { useCallback, type ReactNode } from 'react';
import { Link } from '@mui/material';
import { useParams } from 'react-router-dom';
import { formatInstant, formatWallClock } from '../../../domain/dates';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';

/** A wall-clock date-time of the API (`YYYY-MM-DD HH:mm`, already on the location's clock) as DD.MM.YYYY HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  return formatWallClock(value);
}

/**
 * Instants (ISO with an offset) as DD.MM.YYYY HH:mm on the clock of the screen's location (the
 * route's), as every list shows its times — never the browser's zone.
 */
export function useInstantFormat() {
  const { location_id: locationId } = useParams();
  const { data: location } = useLocationDetail(locationId);
  const timezone = location?.timezone;
  return useCallback((iso: string | null | undefined, withSeconds = false) => formatInstant(iso, timezone, withSeconds), [timezone]);
}

/** A link opening in a new tab (order pages from a list). */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return <Link href={href} target="_blank" rel="noopener noreferrer">{children}</Link>;
}
