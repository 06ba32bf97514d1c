import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createStore } from './store/store';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const store = createStore();
createRoot(container).render(
  <StrictMode>
    <App store={store} router={createAppRouter()} />
  </StrictMode>,
);
// The service worker's registration (and workbox-window) is fetched after the first render, not before it: it only
// matters for the next visit and for updates (web/scripts/initial-js.ts).
// An embed (another site's iframe) installs no app.
if (!/^\/embed(\/|$)/i.test(location.pathname)) {
  void import('./features/pwa/serviceWorker').then(({ startServiceWorker }) => startServiceWorker(store));
}
