// #44 The desk's arrivals (/locations/:location_id/arrivals): the day's orders by session with paid,
// signed x of y and checked in x of y; search by phone, name, order number or a scanned QR code;
// checking in an order or single participants, and undoing it. Every role at the location opens it.
// The server: server/modules/arrivals.
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'arrivals',
  route: { scope: 'location', path: 'arrivals' },
  menu: { icon: HowToRegIcon, home: { order: 14, label: 'app.arrival.desk.menu' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/arrivals/',
    paging: 'none',
    actions: {
      checkIn: '/api/v2.2/orders/{id}/check_in/',
      undo: { path: '/api/v2.2/orders/{id}/check_in/', method: 'DELETE' },
    },
  },
  screen: lazyPart(() => import('../../pages/arrivals/ArrivalsPage'), 'ArrivalsPage'),
});
