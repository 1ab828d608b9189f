// react-admin's Layout with our header and no sidebar: the product navigates by the header.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { ScrollTopButton } from './ScrollTopButton';
import { LiveDesk } from '../live/LiveDesk';

const NoSidebar = () => null;

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppHeader} sidebar={NoSidebar} sx={{ '& .RaLayout-content': { px: { xs: 1, sm: 3 }, pt: 2 } }}>
      {children}
      <ScrollTopButton />
      <LiveDesk />
    </Layout>
  );
}
