import type { Currency } from '../../../domain/money';

export interface LocationRecord {
  id: number;
  name: string;
  city: string;
  city_slug: string;
  country: { id: number; name: string; slug: string } | null;
  role: { id: number; value: number; code?: string } | null;
  /** The permission codenames the user holds at this location (#28; read through permissionsAt). */
  permissions?: string[];
  balance: string;
  currency: Currency | null;
  b2b_currency: Currency | null;
  /** IANA zone: the location's clock ("today" of its lists, its calendar's now). */
  timezone?: string;
  is_active: boolean;
  /** #30: the desk may book a walk-in without the guest's name and phone. */
  walk_ins_without_details?: boolean;
  is_park: boolean;
  is_events_available: boolean;
  playgrounds: { id: number; name: string; types: string[] }[];
}

export interface PlaygroundRecord {
  id: number;
  name: string;
  types: string[];
  duration: number;
  max_players: number;
  group: number | null;
}

export interface GroupRecord {
  id: number;
  name: string;
  playgrounds: number[];
}

/** GET /api/v2.1/locations/{id}/ */
export interface LocationDetail extends Omit<LocationRecord, 'playgrounds'> {
  timezone: string;
  /** The booking form's price preview: the group discount (all places taken) and the early-booking conditions. */
  group_discount_percent?: number;
  early_booking?: { days: number; discount: number }[];
  playgrounds: PlaygroundRecord[];
  playground_groups: GroupRecord[];
  /** #45 The languages it speaks, the first its own (a desk booking's language by default). */
  languages?: string[];
}
