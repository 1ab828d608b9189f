// <Admin>: providers, the header layout, resources and the routes of both specs.
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { session } from './authProvider/session';
import { preloadDayView } from './pages/booking/preload';
import { dataProvider } from './dataProvider';
import { useLanguageProvider } from './i18n';
import { AlertsBar } from './layout/AlertsBar';
import { LoginPage } from './pages/LoginPage';
import { lazy, Suspense, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';
import { lazyPage, withTimeout } from './lazyPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { customRoutes } from './resources/declaration';
import { declarations } from './resources/registry';
import { createQueryClient } from './dataProvider/queryClient';
import { theme } from './theme';
import { LeaveGuards } from './components/forms/leaveGuards';
import { store } from './store';

// No retries of a 4xx answer (a deleted record's 404 is final); see dataProvider/queryClient.ts.
const queryClient = createQueryClient();

// The header layout is not on the login page (~5 kB gzip of react-admin's layout off it): a chunk
// asked for at once unless the app opens on /login, so a page opened by its address does not wait
// for it after the main script; the day view, the page opened most, likewise (bench/results.md).
const LazyAppLayout = lazyPage(() => import('./layout/AppLayout'), 'AppLayout');
const BookingAdminPage = lazyPage(() => import('./pages/booking/BookingAdminPage'), 'BookingAdminPage');
const firstChunks: Promise<unknown>[] = [];
if (!window.location.pathname.startsWith('/login')) firstChunks.push(LazyAppLayout.preload());
const openedDayView = /^\/locations\/([^/]+)\/booking_admin\/?$/.exec(window.location.pathname);
if (openedDayView) {
  firstChunks.push(BookingAdminPage.preload());
  // Its data too, when signed in (src/pages/booking/preload.ts); a failure is the page's to show.
  if (session.token()) {
    preloadDayView(queryClient, openedDayView[1]!, new URLSearchParams(window.location.search).get('date')).catch(() => undefined);
  }
}
/**
 * Settles once the chunks asked for above are in (or one failed: the page then shows it), so the
 * first render can wait for them and show the page itself, not a loading fallback first (lazyPage).
 */
export const firstChunksLoaded: Promise<void> = Promise.allSettled(firstChunks).then(() => undefined);
function AppLayout({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}><LazyAppLayout>{children}</LazyAppLayout></Suspense>;
}

// Screens off the first path (login -> locations) load on demand.
const PasswordResetPage = lazyPage(() => import('./pages/PasswordResetPage'), 'PasswordResetPage');
const InvitationPage = lazyPage(() => import('./pages/InvitationPage'), 'InvitationPage'); // #28 STAFF
// #28 SETUP: the first start's page.
const SetupPage = lazyPage(() => import('./pages/SetupPage'), 'SetupPage');
// #44 The desk's tablet mode: the guests' signing page full-screen, without the staff's header.
const TabletSigningPage = lazyPage(() => import('./pages/arrivals/TabletSigningPage'), 'TabletSigningPage');
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage');
const MultiBookingAdminPage = lazyPage(() => import('./pages/multibooking/MultiBookingAdminPage'), 'MultiBookingAdminPage');
const CrmCreatePage = lazyPage(() => import('./pages/multibooking/MultiBookingAdminPage'), 'CrmCreatePage');
const MonthViewPage = lazyPage(() => import('./pages/multibooking/MultiBookingAdminPage'), 'MonthViewPage');
const OrderPage = lazyPage(() => import('./pages/orders/OrderPage'), 'OrderPage');
const LocationHomePage = lazyPage(() => import('./pages/management/LocationHomePage'), 'LocationHomePage');
const LocationManagementPage = lazyPage(() => import('./pages/management/LocationManagementPage'), 'LocationManagementPage');
const StatisticPage = lazyPage(() => import('./pages/management/StatisticPage'), 'StatisticPage');
const CheckPaymentPage = lazyPage(() => import('./pages/money/CheckPaymentPage'), 'CheckPaymentPage');
const IframePage = lazyPage(() => import('./pages/iframe/IframePage'), 'IframePage');
const ToolsPage = lazyPage(() => import('./pages/tools/ToolsPage'), 'ToolsPage');
const ControlPage = lazyPage(() => import('./pages/control/ControlPage'), 'ControlPage');
// The one list screen of the declared resources (a chunk of its own, off the login path).
const ResourceListPage = lazyPage(() => import('./components/records/ResourceListPage'), 'ResourceListPage');

// Every resource and its screen come from the registry: a hand-written screen is react-admin's
// list of the resource; a declared list gets the generic screen on its route.
const resources = declarations.map((d) => {
  // A location-scoped hand-written screen has its route below (customRoutes), not react-admin's list.
  const screen = d.route?.scope === 'location' ? undefined : d.screen;
  const list = screen
    ? lazy(async () => ({ default: await withTimeout(screen.load(), CHUNK_LOAD_TIMEOUT_MS) }))
    : d.list && d.route?.scope === 'global' ? () => <ResourceListPage name={d.name} /> : undefined;
  return <Resource key={d.name} name={d.name} list={list} recordRepresentation={d.recordRepresentation} />;
});
const resourceRoutes = declarations.flatMap((d) => (d.list && d.route?.scope === 'location'
  ? [<Route key={d.name} path={`/locations/:location_id/${d.route.path}`} element={<ResourceListPage name={d.name} />} />]
  : []));
// Hand-written screens a declaration names (a location's list screen, create/edit screens).
const screenRoutes = declarations.flatMap((d) => customRoutes(d).map((r) => {
  const Screen = lazy(async () => ({ default: await withTimeout(r.part.load(), CHUNK_LOAD_TIMEOUT_MS) }));
  return <Route key={r.key} path={r.path} element={<Screen />} />;
}));

// #42 What the server worded (names, messages) is fetched again in the new language; forms keep their values.
const refetchWorded = () => { void queryClient.invalidateQueries(); };

export function App() {
  const i18nProvider = useLanguageProvider(refetchWorded);
  // The one navigation blocker: a dirty page asks before it is left, Back closes a dialog (#30).
  return (
    <LeaveGuards>
      <Admin
        title="Venue back-office"
        dataProvider={dataProvider}
        queryClient={queryClient}
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
        {resources}
        <CustomRoutes noLayout>
          <Route path="/password_reset/:hash" element={<PasswordResetPage />} />
          <Route path="/invitation/:key" element={<InvitationPage />} />
          <Route path="/setup/:token" element={<SetupPage />} />
          <Route path="/locations/:location_id/arrivals/tablet/:order_id" element={<TabletSigningPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/user" element={<ProfilePage />} />
          <Route path="/locations/:location_id/booking_admin" element={<BookingAdminPage />} />
          <Route path="/locations/:location_id/booking_admin/month" element={<MonthViewPage />} />
          <Route path="/locations/:location_id/multibooking_admin" element={<MultiBookingAdminPage />} />
          <Route path="/locations/:location_id/create" element={<CrmCreatePage />} />
          {resourceRoutes}
          {screenRoutes}
          <Route path="/locations/:location_id/check_payment/:payment_id" element={<CheckPaymentPage />} />
          <Route path="/locations/:location_id" element={<LocationHomePage />} />
          <Route path="/locations/:location_id/location_management" element={<LocationManagementPage />} />
          <Route path="/locations/:location_id/statistic" element={<StatisticPage />} />
          <Route path="/locations/:location_id/tools" element={<ToolsPage />} />
          <Route path="/control" element={<ControlPage />} />
          <Route path="/orders/:order_id" element={<OrderPage />} />
          <Route path="/iframe" element={<IframePage />} />
          <Route path="/404" element={<NotFoundPage />} />
        </CustomRoutes>
      </Admin>
    </LeaveGuards>
  );
}
