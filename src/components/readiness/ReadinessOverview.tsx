// #42 The owner's start page (the list of locations): the checklist of every location they manage
// that is not finished, while one is; nothing once all are. Open at first only for a single location
// that does not sell everywhere yet (a new install); otherwise each folds to what it still lacks. A
// location switched off on purpose is left out (its management page still shows its checklist).
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { canManageLocation, type Role } from '../../../domain/roles';
import { session } from '../../authProvider/session';
import { ReadinessChecklist } from './ReadinessChecklist';
import { useReadinessOf } from './useReadiness';

interface Managed { id: number; name: string; role: Role | null; is_active: boolean }

export function ReadinessOverview({ locations }: { locations: Managed[] }) {
  const translate = useTranslate();
  const owner = !!session.user()?.is_owner;
  const ids = owner ? locations.filter((l) => l.is_active && canManageLocation(l.role)).map((l) => l.id) : [];
  const answers = useReadinessOf(ids);
  // Those that do not sell everywhere yet first, then by id.
  const unfinished = ids.flatMap((id, i) => {
    const data = answers[i]?.data;
    return data && data.steps.some((s) => !s.done) ? [{ location: locations.find((l) => l.id === id)!, data }] : [];
  }).sort((a, b) => Number(a.data.ready_desk && a.data.ready_online) - Number(b.data.ready_desk && b.data.ready_online) || a.location.id - b.location.id);
  if (!unfinished.length) return null;
  return (
    <Box sx={{ px: 2, pt: 1 }} data-testid="readiness-overview">
      {unfinished.map(({ location, data }) => (
        <ReadinessChecklist key={location.id} locationId={location.id} readiness={data} title={translate('app.readiness.titleAt', { name: location.name })}
          defaultOpen={unfinished.length === 1 && !(data.ready_desk && data.ready_online)} dense />
      ))}
    </Box>
  );
}
