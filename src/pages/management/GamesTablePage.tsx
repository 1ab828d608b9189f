// /locations/{id}/games_table: the games available at the location, with genre and, per country,
// the age rating (info: country, age). Read through the dataProvider (the `games` declaration).
import { useState } from 'react';
import { Alert, Button, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { session } from '../../authProvider/session';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import type { LocationGame } from './api';
import { LocationGamesDialog } from './LocationGamesDialog';
import { ManagementShell } from './ManagementShell';

function Games({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  // The endpoint answers every game at once (a plain array): one page holds them all.
  const games = useGetList<LocationGame>('games', { pagination: { page: 1, perPage: 10_000 }, meta: { location_id: locationId } }, { retry: false });
  const location = useLocationDetail(locationId);
  const [editing, setEditing] = useState(false);
  if (games.isError) return <Alert severity="error">{(games.error as Error).message}</Alert>;
  if (!games.data) return <CircularProgress />;
  const playgrounds = location.data?.playgrounds ?? [];
  const where = (g: LocationGame) => (g.playgrounds ? playgrounds.filter((p) => g.playgrounds!.includes(p.id)).map((p) => p.name).join(', ') : translate('app.catalogue.games.all'));
  // #28 CATALOGUE: the administrator chooses the games offered here and their playgrounds.
  const edit = (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button variant="outlined" onClick={() => setEditing(true)} disabled={!location.data}>{translate('app.catalogue.games.edit')}</Button>
        {/* #28 GAPS: only owners add or change games of the catalogue. */}
        {session.user()?.is_owner && (
          <Button component={Link} to={`/locations/${locationId}/games_catalogue`}>{translate('app.catalogue.gameCatalogue.open')}</Button>
        )}
      </Stack>
      {editing && (
        <LocationGamesDialog
          locationId={locationId} offered={games.data} playgrounds={playgrounds}
          onClose={() => setEditing(false)} onSaved={() => { setEditing(false); void games.refetch(); }}
        />
      )}
    </>
  );
  if (games.data.length === 0) return <>{edit}<Typography color="text.secondary">{translate('app.management.games.empty')}</Typography></>;
  return (
    <>
      {edit}
      <Table size="small" data-testid="games-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.management.games.name')}</TableCell>
            <TableCell>{translate('app.management.games.genre')}</TableCell>
            <TableCell>{translate('app.management.games.info')}</TableCell>
            <TableCell>{translate('app.catalogue.games.playgrounds')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {games.data.map((g) => (
            <TableRow key={g.id} data-testid="game-row">
              <TableCell sx={{ fontWeight: 600 }}>{g.name}</TableCell>
              <TableCell>{g.genre || '—'}</TableCell>
              <TableCell>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {g.info.length === 0 ? '—' : g.info.map((i) => (
                    <Chip key={i.country} size="small" variant="outlined" label={translate('app.management.games.rating', { country: i.country, age: i.age })} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{where(g)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function GamesTablePage() {
  const { location_id: locationId = '' } = useParams();
  return (
    <ManagementShell titleKey="app.management.games.title" testId="games-page">
      {() => <Games locationId={locationId} />}
    </ManagementShell>
  );
}
