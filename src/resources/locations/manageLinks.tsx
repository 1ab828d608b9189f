// The "manage" icon links of a location row, each shown when the user's role and permissions
// allow it: the fixed pages below, and every resource whose declaration has a `menu.home` entry,
// in `order`.
import type { ReactElement } from 'react';
import EventIcon from '@mui/icons-material/Event';
import DateRangeIcon from '@mui/icons-material/DateRange';
import SettingsIcon from '@mui/icons-material/Settings';
import BuildIcon from '@mui/icons-material/Build';
import { hasPermission } from '../../../domain/permissions';
import { canManageLocation } from '../../../domain/roles';
import { allowed } from '../declaration';
import { declarations } from '../registry';
import type { LocationRecord } from './types';

export interface ManageLink {
  /** The path under /locations/{id}/ (also the test id of its card). */
  path: string;
  label: string;
  icon: ReactElement;
  order: number;
  allowed: (location: LocationRecord, permissions: string[]) => boolean;
}

const PAGES: ManageLink[] = [
  // #28 SETUP: an inactive location is not offered at the desk (its management and history stay).
  { path: 'booking_admin', label: 'app.manage.booking_admin', icon: <EventIcon />, order: 10, allowed: (l) => l.is_active },
  { path: 'multibooking_admin', label: 'app.manage.multibooking_admin', icon: <DateRangeIcon />, order: 20, allowed: (l, p) => l.is_active && hasPermission(p, 'multibooking') },
  { path: 'location_management', label: 'app.manage.location_management', icon: <SettingsIcon />, order: 40, allowed: (l) => canManageLocation(l.role) },
  { path: 'tools', label: 'app.manage.tools', icon: <BuildIcon />, order: 80, allowed: (l) => canManageLocation(l.role) },
];

export function manageLinks(): ManageLink[] {
  const fromRegistry = declarations.flatMap((d): ManageLink[] => {
    if (!d.menu?.home || d.route?.scope !== 'location') return [];
    const Icon = d.menu.icon;
    return [{
      path: d.route.path, label: d.menu.home.label, icon: Icon ? <Icon /> : <span />, order: d.menu.home.order,
      allowed: (l, p) => allowed(d.access, l, p),
    }];
  });
  return [...PAGES, ...fromRegistry].sort((a, b) => a.order - b.order);
}

export function manageLinksFor(location: LocationRecord, permissions: string[]): ManageLink[] {
  return manageLinks().filter((link) => link.allowed(location, permissions));
}

export const manageHref = (location: LocationRecord, link: ManageLink) => `/locations/${location.id}/${link.path}`;
