// What the date field and its picker share: the props, and reading a typed or pasted day.
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT } from '../../../domain/constants';
import { parseDay } from '../../../domain/dates';

dayjs.extend(customParseFormat);

export const ISO_DAY = 'YYYY-MM-DD';

/** A typed or pasted text as an ISO day: DD.MM.YYYY as shown, or YYYY-MM-DD; null when it is neither. */
export function parseDayText(text: string): string | null {
  return parseDay(text);
}

/** An ISO day as the field shows it (DD.MM.YYYY); '' for none. */
export function shownDay(iso: string | null | undefined): string {
  return iso ? dayjs(iso, ISO_DAY).format(DATE_FORMAT) : '';
}

export interface DateFieldProps {
  label: ReactNode;
  /** 'YYYY-MM-DD' or '' (empty). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  autoFocus?: boolean;
  name?: string;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  /** The day the picker marks as today ('YYYY-MM-DD'): the screen's (the location's business day); by default the route's location's date. */
  today?: string;
  'data-testid'?: string;
}

/**
 * The day the picker is to show when the caller's value changes (undefined: keep its text).
 * `shown` is the picker's day: an ISO day, '' when empty, null while partly typed. While the field has
 * the focus its text is the person's: a filter's value sent a moment ago can come back from the list
 * mid-typing (an echo of a reload), and taking it reset the sections being typed, so the rest of the
 * digits went into the year ("DD.MM.2026"). A change that came while focused is applied on the blur.
 */
export function dayToShow(shown: string | null, value: string, focused: boolean): string | undefined {
  if (focused || value === shown) return undefined;
  // A partly typed day stays while nothing is chosen (the field's own rules speak on it).
  if (!value && shown === null) return undefined;
  return value;
}
