// The desk's writes (#30) as named actions of the data layer: an order's book, change, cancel, pay
// and refund, the promo code's check, the multi-booking's book and change, the technical sessions
// and the playground's token (the control page), and the staff member's own profile. They go through
// `dataProvider.action('desk', …)` (src/dataProvider/desk.ts), so the Idempotency-Key, the errors
// and the live read position are handled where every other screen's writes are. No screen of its
// own: the day view, the order page, the control page and the profile are its screens. The server:
// server/modules/orders/routes.ts, server/modules/multibooking/routes.ts, the playgrounds' and users' routes.
import { defineResource } from '../declaration';

export default defineResource({
  name: 'desk',
  api: {
    paging: 'none',
    actions: {
      book: '/api/v2.1/booking/',
      change: { path: '/api/v2.1/booking/{id}/', method: 'PUT' },
      // #38 `query.refund`: original (each tender its own way) or cash; a manager's confirmation of cash goes in the body.
      cancel: { path: '/api/v2.1/booking/{id}/', method: 'DELETE', deleteBody: true },
      pay: '/api/v2.1/booking/{id}/pay/',
      refund: '/api/v2.2/orders/{id}/refund/',
      // #44 The guests' arrival page to the order's e-mail.
      arrivalLink: '/api/v2.2/orders/{id}/arrival_link/',
      // A POST that only reads (the promo code field's check): here so its errors go the same way.
      checkCoupon: '/api/v2.1/check_coupon/',
      multiBook: '/api/v2.2/multibooking/',
      multiChange: '/api/v2.2/multibooking/{id}/update_part/',
      techStart: '/api/v2.2/playgrounds/{id}/tech_sessions/',
      techStop: { path: '/api/v2.2/playgrounds/{id}/tech_sessions/', method: 'DELETE' },
      token: '/api/v2.2/playgrounds/create_token/',
      // Multipart (the photo): the body is FormData.
      profile: { path: '/api/v2.1/users/{id}/', method: 'PUT' },
    },
  },
});
