// Small shared renderers of the record lists.
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import dayjs from 'dayjs';
import { DATETIME_FORMAT } from '../../../domain/constants';

/** A date-time of the API (`YYYY-MM-DD HH:mm` or ISO) as DD.MM.YYYY HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : value;
}

/** A link opening in a new tab (order pages from a list). */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return <Link href={href} target="_blank" rel="noopener noreferrer">{children}</Link>;
}
