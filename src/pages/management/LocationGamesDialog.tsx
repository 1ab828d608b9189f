// #28 CATALOGUE: which games of the catalogue the location offers, and on which of its playgrounds
// (none chosen: all of them). One save: the `games` declaration's `offer` (PUT with the whole list).
import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { LocationGame } from './api';

export function LocationGamesDialog({ locationId, offered, playgrounds, onClose, onSaved }: {
  locationId: string;
  offered: LocationGame[];
  playgrounds: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider<AppDataProvider>();
  const catalogue = useQuery({ queryKey: ['games-catalogue'], queryFn: () => api<LocationGame[]>('/api/v2.1/games/') });
  // Game id -> its playgrounds here ([] : all of them).
  const [chosen, setChosen] = useState(() => new Map(offered.map((g) => [g.id, g.playgrounds ?? []])));
  const [saving, setSaving] = useState(false);

  const toggle = (id: number, on: boolean) => setChosen((m) => { const next = new Map(m); if (on) next.set(id, []); else next.delete(id); return next; });
  const save = async () => {
    setSaving(true);
    const games = [...chosen].map(([game, pgs]) => ({ game, playgrounds: pgs.length ? pgs : null }));
    const done = await run(() => dataProvider.action('games', { action: 'offer', data: { games }, meta: { location_id: locationId } }).then(() => true));
    setSaving(false);
    if (!done) return;
    notify('app.catalogue.games.saved', { type: 'success' });
    onSaved();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="location-games-title" data-testid="location-games-dialog">
      <DialogTitle id="location-games-title">{translate('app.catalogue.games.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          {(catalogue.data ?? []).map((g) => {
            const pgs = chosen.get(g.id);
            return (
              <Stack key={g.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <FormControlLabel sx={{ flex: 1 }} control={<Checkbox checked={!!pgs} onChange={(e) => toggle(g.id, e.target.checked)} />} label={g.name} />
                {pgs && (
                  <FormControl size="small" sx={{ minWidth: 240 }}>
                    <InputLabel id={`game-${g.id}-pgs`}>{translate('app.catalogue.games.playgrounds')}</InputLabel>
                    <Select
                      labelId={`game-${g.id}-pgs`} multiple value={pgs} label={translate('app.catalogue.games.playgrounds')}
                      onChange={(e) => setChosen((m) => new Map(m).set(g.id, (e.target.value as number[])))}
                      displayEmpty
                      renderValue={(ids) => (ids.length === 0 ? translate('app.catalogue.games.all')
                        : playgrounds.filter((p) => ids.includes(p.id)).map((p) => p.name).join(', '))}
                    >
                      {playgrounds.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
                    </Select>
                  </FormControl>
                )}
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !catalogue.data}>{translate('app.common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
