// Inside a declared list whose rows span locations (ListDeclaration.followsLocations): the live desk
// follows every location the list shows, as its location filter says.
import { useListContext } from 'react-admin';
import type { FilterDeclaration } from '../resources/declaration';
import { useEndpointChoices } from '../components/records/choices';
import { listedLocations, useFollowLocations } from './followed';

export function FollowListLocations({ filter }: { filter: Extract<FilterDeclaration, { kind: 'multi' }> }) {
  const { filterValues } = useListContext();
  const choices = useEndpointChoices(filter.choicesFrom);
  useFollowLocations(listedLocations(filterValues?.[filter.source], choices.map((c) => c.value)));
  return null;
}
