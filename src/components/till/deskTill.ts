// #43 The desk's till. The browser remembers which till it is, per location (localStorage), and
// every money call of the desk sends it (`till`), so its cash and card land in that till's open
// shift. Without a remembered till: the location's only till, else its only till with a shift open;
// else the desk chooses. The reads (the tills with their shifts, the location's till rules) and the
// till's writes go through the one data layer (the `till` declaration's actions).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataProvider } from '../../dataProvider';
import { api } from '../../dataProvider/http';

export type ShiftState = 'open' | 'needs_confirmation' | 'closed';

export interface TillRecord {
  id: number;
  name: string;
  location: number;
  current_shift: { id: number; state: ShiftState; float: string; opened_at: string; opened_by: { id: number; name: string } | null } | null;
  suggested_float: string | null;
}

export interface TillSettings { cash_only_in_shift: boolean; variance_threshold: string }

const storeKey = (locationId: number | string) => `desk_till:${locationId}`;

export function rememberedTill(locationId: number | string): number | null {
  try {
    const v = Number(localStorage.getItem(storeKey(locationId)));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function rememberTill(locationId: number | string, tillId: number): void {
  try {
    localStorage.setItem(storeKey(locationId), String(tillId));
  } catch {
    // A browser that keeps nothing asks again next time.
  }
}

export const tillKeys = {
  all: ['till'] as const,
  tills: (locationId: number | string) => ['till', 'tills', String(locationId)] as const,
  settings: (locationId: number | string) => ['till', 'settings', String(locationId)] as const,
  shift: (id: number) => ['till', 'shift', id] as const,
};

export function useTills(locationId: number | string | null | undefined) {
  return useQuery({
    queryKey: tillKeys.tills(locationId ?? 0),
    queryFn: () => api<TillRecord[]>(`/api/v2.2/locations/${locationId}/tills/`),
    enabled: !!locationId,
    retry: false,
  });
}

export function useTillSettings(locationId: number | string | null | undefined) {
  return useQuery({
    queryKey: tillKeys.settings(locationId ?? 0),
    queryFn: () => api<TillSettings>(`/api/v2.2/locations/${locationId}/till_settings/`),
    enabled: !!locationId,
    retry: false,
  });
}

/** The desk's till among the location's: the remembered one, else the only one, else the only one with a shift open. */
export function deskTillOf(tills: readonly TillRecord[], remembered: number | null): TillRecord | null {
  const mine = tills.find((t) => t.id === remembered);
  if (mine) return mine;
  if (tills.length === 1) return tills[0]!;
  const open = tills.filter((t) => t.current_shift?.state === 'open');
  return open.length === 1 ? open[0]! : null;
}

export interface DeskTill {
  tills: TillRecord[];
  till: TillRecord | null;
  settings: TillSettings | undefined;
  loading: boolean;
  choose: (tillId: number) => void;
  refetch: () => Promise<unknown>;
}

export function useDeskTill(locationId: number | string | null | undefined): DeskTill {
  const tills = useTills(locationId);
  const settings = useTillSettings(locationId);
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(() => (locationId ? rememberedTill(locationId) : null));
  const list = tills.data ?? [];
  return {
    tills: list,
    till: deskTillOf(list, chosen ?? (locationId ? rememberedTill(locationId) : null)),
    settings: settings.data,
    loading: tills.isPending,
    choose: (id) => {
      if (locationId) rememberTill(locationId, id);
      setChosen(id);
    },
    refetch: () => client.invalidateQueries({ queryKey: tillKeys.all }),
  };
}

const action = async <T>(name: string, params: { id?: number; data?: unknown; meta?: Record<string, unknown> }) =>
  (await dataProvider.action<T>('till', { action: name, id: params.id, data: params.data, meta: params.meta })).data;

/** The till's writes (server/modules/till): each a named action of the `till` declaration. */
export const tillApi = {
  open: (tillId: number, body: { float: string; comment?: string }, idempotencyKey?: string) =>
    action<{ id: number }>('openShift', { id: tillId, data: body, meta: idempotencyKey ? { idempotencyKey } : undefined }),
  move: (shiftId: number, body: { kind: string; amount: string; comment: string }, idempotencyKey?: string) =>
    action<{ id: number }>('move', { id: shiftId, data: body, meta: idempotencyKey ? { idempotencyKey } : undefined }),
  close: (shiftId: number, body: { counted_cash: string; counted_card: string; denominations?: Record<string, number> | null; drop?: string; register_revenue?: string }, idempotencyKey?: string) =>
    action<{ state: ShiftState; expected_cash: string; expected_card: string; variance_cash: string; variance_card: string; register_revenue: string | null; register_difference: string | null }>('close', { id: shiftId, data: body, meta: idempotencyKey ? { idempotencyKey } : undefined }),
  confirm: (shiftId: number, comment: string) => action('confirm', { id: shiftId, data: { comment } }),
  create: (locationId: number | string, name: string) => action<TillRecord>('create', { data: { name }, meta: { location_id: locationId } }),
  settings: (locationId: number | string, body: TillSettings) => action<TillSettings>('settings', { data: body, meta: { location_id: locationId } }),
};
