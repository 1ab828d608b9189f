// Choices read from an endpoint's plain array (the user's locations, ...), shared by a filter and
// a column of the same list through react-query's cache.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../dataProvider/http';
import type { Choice, ChoicesFrom } from '../../resources/declaration';

export function useEndpointChoices(from: ChoicesFrom | undefined): Choice[] {
  const { data } = useQuery({
    queryKey: ['endpoint-choices', from?.path],
    queryFn: () => api<Record<string, unknown>[]>(from!.path),
    enabled: !!from,
    staleTime: 5 * 60_000,
  });
  if (!from) return [];
  return (data ?? []).map((row) => ({ value: row[from.value] as string | number, label: String(row[from.label]) }));
}
