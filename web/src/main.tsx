import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import { startServiceWorker } from './features/pwa/serviceWorker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const store = createStore();
createRoot(container).render(
  <StrictMode>
    <App store={store} router={createAppRouter()} />
  </StrictMode>,
);
startServiceWorker(store);
