import { RENDERED_THEME_ATTRIBUTE } from '@meydan/proto';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadScreenData, serverRenderedPage, takeServerAnswers } from './app/hydration';
import { prefetchScreenData } from './app/prefetchScreenData';
import { loadScreenOf } from './app/router';
import { keepInstallOffer } from './features/pwa/earlyInstallOffer';
import { loadWhenOnline } from './features/pwa/loadWhenOnline';
import { sessionApi } from './features/session/sessionApi';
import { createStore } from './store/store';
import { initialThemeMode, readStoredThemeMode, tellServerThemeMode } from './theme/storage';
import { loadDrawnParts } from './ui/lazyComponent';

/** How long after `load` the service worker is registered. */
const SERVICE_WORKER_DELAY_MS = 3000;
/**
 * How long the first render waits for the screen's own code when early-data.js started fetching it: shown behind its
 * loading fallback instead, the screen would appear no sooner than 300 ms after that fallback (React's throttle).
 */
const EARLY_SCREEN_WAIT_MS = 300;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A share link or a poll's page comes drawn by the server (entry-server.tsx) with the answers it was drawn from: the
// app's calls take those, and its first render hydrates that HTML, unless the device asks for the other palette.
const rendered = serverRenderedPage(container);
if (rendered) takeServerAnswers(rendered.answers);
const hydrating = rendered !== null && rendered.theme === initialThemeMode();
// A choice stored before the server drew pages is told to it now, for the next one.
const storedTheme = readStoredThemeMode();
if (storedTheme) tellServerThemeMode(storedTheme);
// Drawn in the other palette, it stayed hidden (index.html): the app draws the page anew, as on any other page.
// Hydrated, it takes input once React has taken it over (`TakenOver`); until then it takes no pointer input.
if (rendered && !hydrating) container.replaceChildren();
if (!hydrating) container.removeAttribute(RENDERED_THEME_ATTRIBUTE);

// The install card loads after the first render; an install offer made before then is kept for it.
keepInstallOffer();
const store = createStore();
// Back online (or the live socket back after a loss), what is on screen is asked for again and the socket follows anew
// (fetched beside the first screen, not in its initial code: web/scripts/initial-js.ts).
void import('./features/connection/watchConnection').then(({ watchConnection }) => watchConnection(store));
// Who is looking, and what the screen shows, are asked for before the first render rather than from its effects: the
// feed's list and the own profile wait for the session, and on a slow phone the first render alone takes a few hundred
// milliseconds.
void store.dispatch(sessionApi.endpoints.session.initiate());
prefetchScreenData(store, location.pathname);
const render = () => {
  container.removeAttribute(RENDERED_THEME_ATTRIBUTE);
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
};
/**
 * Marks the server's HTML as the app's once its root is hydrated: it then takes input (index.html). The parts inside
 * their own Suspense boundaries hydrate right after, or at once when input reaches them (their code is loaded).
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => container?.removeAttribute(RENDERED_THEME_ATTRIBUTE), []);
  return children;
}
/** Takes over the server's HTML; a part that differs is drawn anew by React, and said in the console. */
const hydrate = () =>
  hydrateRoot(
    container,
    <StrictMode>
      <TakenOver>
        <App store={store} />
      </TakenOver>
    </StrictMode>,
    { onRecoverableError: (error) => console.warn('hydration: drawn anew', error) },
  );
// The screen's own code (when it is in a chunk of its own) is asked for now too, not once the first render reaches it.
const screenLoaded = loadScreenOf(location.pathname);
if (hydrating) {
  // Its code, the lazily loaded parts it drew, and its data in the store first: the first render must be the server's.
  // The parts once the screen's modules, which make most of them, have run.
  void Promise.all([
    screenLoaded.then(() => loadDrawnParts(rendered?.parts ?? [])),
    loadScreenData(store, location.pathname),
  ]).then(hydrate, render);
} else if (document.querySelector('link[data-early-screen]')) {
  void Promise.race([screenLoaded, new Promise((resolve) => setTimeout(resolve, EARLY_SCREEN_WAIT_MS))]).then(
    render,
    render,
  );
} else {
  screenLoaded.catch(() => {}); // the router's lazy screen shows the failure
  render();
}
// The service worker's registration (and workbox-window) is fetched once the page has loaded and the screen's own
// requests had their turn, not before: it only matters for the next visit and for updates (web/scripts/initial-js.ts),
// and its precache of every chunk would otherwise share a phone's bandwidth with the screen being opened.
// An embed (another site's iframe) installs no app.
if (!/^\/embed(\/|$)/i.test(location.pathname)) {
  const start = () =>
    loadWhenOnline(
      () => import('./features/pwa/serviceWorker').then(({ startServiceWorker }) => startServiceWorker(store)),
      SERVICE_WORKER_DELAY_MS,
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
