// react-admin's Layout with our header and no sidebar: the product navigates by the header.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { ScrollTopButton } from './ScrollTopButton';
import { LiveDesk } from '../live/LiveDesk';
import { DatabaseDown } from './DatabaseDown';
import { SessionEndWatch } from '../authProvider/SessionEndWatch';

const NoSidebar = () => null;

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={AppHeader}
      sidebar={NoSidebar}
      sx={{
        // The page is never wider than the window (#18): react-admin's layout is min-width
        // fit-content, so one wide table widened the whole page; now a wide table scrolls inside
        // its card (TableContainer, the lists' scroll box) and the page does not.
        minWidth: 0,
        '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
        '& .RaLayout-content': { px: { xs: 1, sm: 3 }, pt: 2 },
      }}
    >
      <DatabaseDown />
      {children}
      <ScrollTopButton />
      <LiveDesk />
      <SessionEndWatch />
    </Layout>
  );
}
