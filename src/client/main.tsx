import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render is a transition: React builds the page in short slices and lets the browser
// breathe in between, instead of one long task that blocks input while the app starts.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <PageRouter>
          <AppRoutes />
        </PageRouter>
      </AppProvider>
    </StrictMode>,
  );
});
