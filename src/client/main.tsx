import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createRouter();

// The first render is a transition: React builds the page in short slices and lets the browser
// breathe in between, instead of one long task that blocks input while the app starts.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
