import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Real paths (/locations, /password_reset/<key>), not hash routes: letters link to them. */}
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
