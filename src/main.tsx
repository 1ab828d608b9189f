import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

// Real paths (/locations, /password_reset/<key>), not hash routes: letters link to them. A data
// router (one route around the whole app, whose own <Routes> decide), so a page holding unsaved
// work can ask before a link or Back leaves it, and Back closes an open dialog (the one useBlocker of
// src/components/forms/leaveGuards.tsx; #18, #30).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
