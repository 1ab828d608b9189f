// The "manage" icon links of a location row, each shown when the user's role and permissions
// allow it. A link appears only once its screen exists (`built`), so no icon leads nowhere;
// later issues flip `built` as they add the booking, certificates and management screens.
import type { ReactElement } from 'react';
import EventIcon from '@mui/icons-material/Event';
import DateRangeIcon from '@mui/icons-material/DateRange';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import SettingsIcon from '@mui/icons-material/Settings';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import BuildIcon from '@mui/icons-material/Build';
import { hasPermission } from '../../../domain/permissions';
import { canManageLocation } from '../../../domain/roles';
import type { LocationRecord } from './types';

export interface ManageLink {
  key: 'booking_admin' | 'multibooking_admin' | 'certificates' | 'location_management' | 'schedules_and_playgrounds' | 'orders' | 'sessions' | 'tools';
  icon: ReactElement;
  built: boolean;
  allowed: (location: LocationRecord, permissions: string[]) => boolean;
}

export const MANAGE_LINKS: ManageLink[] = [
  { key: 'booking_admin', icon: <EventIcon />, built: true, allowed: () => true },
  { key: 'multibooking_admin', icon: <DateRangeIcon />, built: true, allowed: (_l, p) => hasPermission(p, 'multibooking') },
  { key: 'certificates', icon: <CardGiftcardIcon />, built: true, allowed: (_l, p) => hasPermission(p, 'certificate') },
  { key: 'location_management', icon: <SettingsIcon />, built: true, allowed: (l) => canManageLocation(l.role) },
  { key: 'schedules_and_playgrounds', icon: <CalendarMonthIcon />, built: true, allowed: (l) => canManageLocation(l.role) },
  { key: 'orders', icon: <ReceiptLongIcon />, built: true, allowed: (l) => canManageLocation(l.role) },
  { key: 'sessions', icon: <SportsEsportsIcon />, built: true, allowed: (l) => canManageLocation(l.role) },
  { key: 'tools', icon: <BuildIcon />, built: true, allowed: (l) => canManageLocation(l.role) },
];

export function manageLinksFor(location: LocationRecord, permissions: string[]): ManageLink[] {
  return MANAGE_LINKS.filter((link) => link.built && link.allowed(location, permissions));
}

export const manageHref = (location: LocationRecord, link: ManageLink) => `/locations/${location.id}/${link.key}`;
