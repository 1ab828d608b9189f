// The games available at a location (/locations/:location_id/games_table): a hand-written screen
// (a table with genre and, per country, the age rating as chips) reading the plain array of
// GET /api/v2.1/locations/{id}/games/ through the dataProvider (useGetList).
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'games',
  route: { scope: 'location', path: 'games_table' },
  access: { minRole: 40 },
  menu: {
    icon: SportsEsportsIcon,
    management: { order: 30, label: 'app.management.cards.games', hint: 'app.management.cardHints.games' },
  },
  api: {
    list: '/api/v2.1/locations/{location_id}/games/',
    paging: 'none',
    // #28's dialog (LocationGamesDialog): the whole list of games offered, in one PUT.
    actions: { offer: { path: '/api/v2.1/locations/{location_id}/games/', method: 'PUT' } },
  },
  screen: lazyPart(() => import('../../pages/management/GamesTablePage'), 'GamesTablePage'),
  recordRepresentation: (record: { name: string }) => record.name,
});
