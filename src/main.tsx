import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App, firstChunksLoaded } from './App';

// Real paths (/locations, /password_reset/<key>), not hash routes: letters link to them. A data
// router (one route around the whole app, whose own <Routes> decide), so a page holding unsaved
// work can ask before a link or Back leaves it, and Back closes an open dialog (the one useBlocker of
// src/components/forms/leaveGuards.tsx; #18, #30).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

/** The longest the first render waits for the first screen's chunks (a slow network then sees the loading fallback). */
const FIRST_CHUNKS_WAIT_MS = 1500;

// #49 The first render waits (a moment, at most FIRST_CHUNKS_WAIT_MS) for the chunks of the screen
// the address opens, so the page is drawn as soon as its data is there instead of a loading fallback
// whose replacement React holds back 300 ms (src/lazyPage.ts).
void Promise.race([firstChunksLoaded, new Promise((resolve) => setTimeout(resolve, FIRST_CHUNKS_WAIT_MS))]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
