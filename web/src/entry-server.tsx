/**
 * The server's rendering of a share link and a poll's page (@meydan/proto `serverRenderedRoutes`): the app's own
 * components, with a store filled from the API answers the gateway fetched as the page's visitor, drawn to HTML.
 * Built apart from the app (`vite build --ssr`, web/dist-server/entry-server.js) and loaded by the gateway
 * (gateway/src/server-render.ts). The app then hydrates the same tree from the same answers (app/hydration.ts).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { matchClientRoute, type ServerRenderInput, type ServerRenderOutput } from '@meydan/proto';
import { AppFrame } from './app/App';
import { loadScreenData } from './app/hydration';
import { AppRoutes, loadScreenOf } from './app/router';
import { api } from './store/api';
import { RealtimeHub } from './store/realtime/hub';
import { createStore } from './store/store';
import { DrawnParts } from './ui/lazyComponent';

/** The answer the gateway fetched for a call, by its address; a call it did not fetch is refused (503), not made. */
function answering(answers: ServerRenderInput['answers']) {
  return async (request: Request): Promise<Response> => {
    const { pathname, search } = new URL(request.url);
    const answer = request.method === 'GET' ? answers[pathname + search] : undefined;
    if (!answer) return new Response(null, { status: 503 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return html;
}

/** Draws the page at `path`; null when it is no server-rendered page. */
export async function renderPage({ path, theme, answers }: ServerRenderInput): Promise<ServerRenderOutput | null> {
  if (!matchClientRoute(path)) return null;
  // No live connection on the server: the app's own store opens one once it runs.
  const store = createStore(undefined, { realtime: new RealtimeHub(null), fetch: answering(answers) });
  const sheet = new ServerStyleSheet();
  const parts = new Set<string>();
  try {
    await Promise.all([loadScreenOf(path), loadScreenData(store, path)]);
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <StrictMode>
          <DrawnParts.Provider value={parts}>
            <AppFrame store={store} theme={theme}>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </AppFrame>
          </DrawnParts.Provider>
        </StrictMode>,
      ),
    );
    const html = await readAll(prelude);
    return { html, styles: sheet.getStyleTags(), parts: [...parts].sort() };
  } finally {
    sheet.seal();
    // Its cache entries' removal timers would keep the store for a minute.
    store.dispatch(api.util.resetApiState());
  }
}
