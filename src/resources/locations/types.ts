import type { Currency } from '../../../domain/money';

export interface LocationRecord {
  id: number;
  name: string;
  city: string;
  city_slug: string;
  country: { id: number; name: string; slug: string } | null;
  role: { id: number; value: number; code?: string } | null;
  balance: string;
  currency: Currency | null;
  b2b_currency: Currency | null;
  /** IANA zone: the location's clock ("today" of its lists, its calendar's now). */
  timezone?: string;
  is_active: boolean;
  is_park: boolean;
  is_events_available: boolean;
  playgrounds: { id: number; name: string; types: string[] }[];
}
