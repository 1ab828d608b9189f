// <Admin>: providers, the header layout, resources and the routes of both specs.
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AlertsBar } from './layout/AlertsBar';
import { AppLayout } from './layout/AppLayout';
import { LoginPage } from './pages/LoginPage';
import { lazyPage } from './lazyPage';
import { NotFoundPage } from './pages/NotFoundPage';
import locations from './resources/locations';
import { theme } from './theme';

const store = localStorageStore(undefined, 'RaStore');

// Screens off the first path (login -> locations) load on demand.
const PasswordResetPage = lazyPage(() => import('./pages/PasswordResetPage'), 'PasswordResetPage');
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage');
const SchedulesAndPlaygroundsPage = lazyPage(() => import('./pages/schedules/SchedulesAndPlaygroundsPage'), 'SchedulesAndPlaygroundsPage');
const ScheduleEditorPage = lazyPage(() => import('./pages/schedules/ScheduleEditorPage'), 'ScheduleEditorPage');
const BookingAdminPage = lazyPage(() => import('./pages/booking/BookingAdminPage'), 'BookingAdminPage');
const OrdersPage = lazyPage(() => import('./resources/orders'), 'OrdersPage');
const SessionsPage = lazyPage(() => import('./resources/sessions'), 'SessionsPage');
const MultiBookingAdminPage = lazyPage(() => import('./pages/multibooking/MultiBookingAdminPage'), 'MultiBookingAdminPage');
const CrmCreatePage = lazyPage(() => import('./pages/multibooking/MultiBookingAdminPage'), 'CrmCreatePage');
const OrderPage = lazyPage(() => import('./pages/orders/OrderPage'), 'OrderPage');
const PaymentsPage = lazyPage(() => import('./resources/payments'), 'PaymentsPage');
const TransactionsPage = lazyPage(() => import('./resources/transactions'), 'TransactionsPage');
const CertificatesPage = lazyPage(() => import('./resources/certificates'), 'CertificatesPage');
const LocationHomePage = lazyPage(() => import('./pages/management/LocationHomePage'), 'LocationHomePage');
const LocationManagementPage = lazyPage(() => import('./pages/management/LocationManagementPage'), 'LocationManagementPage');
const LocationInfoPage = lazyPage(() => import('./pages/management/LocationInfoPage'), 'LocationInfoPage');
const LocationGalleryPage = lazyPage(() => import('./pages/management/LocationGalleryPage'), 'LocationGalleryPage');
const GamesTablePage = lazyPage(() => import('./pages/management/GamesTablePage'), 'GamesTablePage');
const StatisticPage = lazyPage(() => import('./pages/management/StatisticPage'), 'StatisticPage');
const CheckPaymentPage = lazyPage(() => import('./pages/money/CheckPaymentPage'), 'CheckPaymentPage');
const IframePage = lazyPage(() => import('./pages/iframe/IframePage'), 'IframePage');
const ToolsPage = lazyPage(() => import('./pages/tools/ToolsPage'), 'ToolsPage');
const ControlPage = lazyPage(() => import('./pages/control/ControlPage'), 'ControlPage');

export function App() {
  return (
    <Admin
      title="Venue back-office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={AppLayout}
      loginPage={LoginPage}
      catchAll={NotFoundPage}
      notification={AlertsBar}
      theme={theme}
      disableTelemetry
    >
      <Resource name="locations" {...locations} />
      <Resource name="location_orders" />
      <Resource name="location_sessions" />
      <Resource name="location_payments" />
      <Resource name="transactions" />
      <Resource name="location_certificates" />
      <CustomRoutes noLayout>
        <Route path="/password_reset/:hash" element={<PasswordResetPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/user" element={<ProfilePage />} />
        <Route path="/locations/:location_id/schedules_and_playgrounds" element={<SchedulesAndPlaygroundsPage />} />
        <Route path="/locations/:location_id/new_schedule" element={<ScheduleEditorPage />} />
        <Route path="/locations/:location_id/schedule/:schedule_id" element={<ScheduleEditorPage />} />
        <Route path="/locations/:location_id/booking_admin" element={<BookingAdminPage />} />
        <Route path="/locations/:location_id/multibooking_admin" element={<MultiBookingAdminPage />} />
        <Route path="/locations/:location_id/create" element={<CrmCreatePage />} />
        <Route path="/locations/:location_id/orders" element={<OrdersPage />} />
        <Route path="/locations/:location_id/sessions" element={<SessionsPage />} />
        <Route path="/locations/:location_id/payments" element={<PaymentsPage />} />
        <Route path="/locations/:location_id/transactions" element={<TransactionsPage />} />
        <Route path="/locations/:location_id/certificates" element={<CertificatesPage />} />
        <Route path="/locations/:location_id/check_payment/:payment_id" element={<CheckPaymentPage />} />
        <Route path="/locations/:location_id" element={<LocationHomePage />} />
        <Route path="/locations/:location_id/location_management" element={<LocationManagementPage />} />
        <Route path="/locations/:location_id/location_info" element={<LocationInfoPage />} />
        <Route path="/locations/:location_id/location_gallery" element={<LocationGalleryPage />} />
        <Route path="/locations/:location_id/games_table" element={<GamesTablePage />} />
        <Route path="/locations/:location_id/statistic" element={<StatisticPage />} />
        <Route path="/locations/:location_id/tools" element={<ToolsPage />} />
        <Route path="/control" element={<ControlPage />} />
        <Route path="/orders/:order_id" element={<OrderPage />} />
        <Route path="/iframe" element={<IframePage />} />
        <Route path="/404" element={<NotFoundPage />} />
      </CustomRoutes>
    </Admin>
  );
}
