// #43 The till screen (/locations/:location_id/till): the location's tills, the shift each holds,
// opening one with its float, money moved by hand, the blind count and a manager's confirmation;
// tills and the till rules for administrators. Every role at the location opens it (a cashier runs
// the shift). Its writes are named actions here (src/components/till/deskTill.ts tillApi); the
// server: server/modules/till.
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'till',
  route: { scope: 'location', path: 'till' },
  menu: { icon: PointOfSaleIcon, home: { order: 15, label: 'app.till.menu' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/tills/',
    paging: 'none',
    actions: {
      create: '/api/v2.2/locations/{location_id}/tills/',
      settings: { path: '/api/v2.2/locations/{location_id}/till_settings/', method: 'PUT' },
      openShift: '/api/v2.2/tills/{id}/shifts/',
      move: '/api/v2.2/shifts/{id}/movements/',
      close: '/api/v2.2/shifts/{id}/close/',
      confirm: '/api/v2.2/shifts/{id}/confirm/',
    },
  },
  screen: lazyPart(() => import('../../pages/till/TillPage'), 'TillPage'),
});
