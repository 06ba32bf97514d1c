import {
  matchClientRoute,
  RENDERED_PARTS_ATTRIBUTE,
  RENDERED_THEME_ATTRIBUTE,
  SERVER_ANSWERS_ID,
  type RenderTheme,
  type ServerAnswer,
} from '@meydan/proto';
import { pollsApi } from '../features/polls/pollsApi';
import { sessionApi } from '../features/session/sessionApi';
import type { AppStore } from '../store/store';

/**
 * The data a server-rendered page was drawn from (@meydan/proto `serverRenderReads`), asked for through the store:
 * on the server it is answered from what the gateway fetched (entry-server.tsx); in the browser from the answers
 * the page carries (`takeServerAnswers`), so the first render sees what the server saw and hydrates its HTML.
 * Resolves once every answer is in the store (failed or not); at once for any other page.
 */
export async function loadScreenData(store: AppStore, path: string): Promise<void> {
  const match = matchClientRoute(path);
  const reads: Promise<unknown>[] = [
    store.dispatch(sessionApi.endpoints.session.initiate(undefined, { subscribe: false })),
  ];
  if (match?.route === '/anket/:id') {
    const id = match.params['id'] ?? '';
    const { commentsApi } = await import('../features/polls/commentsApi');
    reads.push(
      store.dispatch(pollsApi.endpoints.poll.initiate(id, { subscribe: false })),
      store.dispatch(commentsApi.endpoints.comments.initiate(id, { subscribe: false })),
    );
  } else if (match?.route === '/s/:shortUrl') {
    const { shareLinkApi } = await import('../features/share-link/shareLinkApi');
    const code = match.params['shortUrl'] ?? '';
    reads.push(store.dispatch(shareLinkApi.endpoints.shareLinkPoll.initiate(code, { subscribe: false })));
  } else return;
  await Promise.all(reads);
}

/**
 * What a server-rendered page says of itself: the palette it was drawn in, the answers it was drawn from, and the
 * lazily loaded parts it holds (ui/lazyComponent.tsx `loadDrawnParts`).
 */
export interface ServerRenderedPage {
  theme: RenderTheme;
  answers: Record<string, ServerAnswer>;
  parts: string[];
}

/** The page's server rendering, when `container` holds one (its data block read and removed); else null. */
export function serverRenderedPage(container: HTMLElement): ServerRenderedPage | null {
  const theme = container.getAttribute(RENDERED_THEME_ATTRIBUTE);
  const block = document.getElementById(SERVER_ANSWERS_ID);
  if ((theme !== 'dark' && theme !== 'light') || !block) return null;
  block.remove();
  const parts = (container.getAttribute(RENDERED_PARTS_ATTRIBUTE) ?? '').split(',').filter(Boolean);
  container.removeAttribute(RENDERED_PARTS_ATTRIBUTE);
  try {
    return { theme, answers: JSON.parse(block.textContent ?? '{}') as Record<string, ServerAnswer>, parts };
  } catch {
    return null;
  }
}

/**
 * Hands the answers a page was rendered from to the app's calls (store/api.ts takes an early answer for its URL
 * once), so that it draws the same screen without asking again.
 */
export function takeServerAnswers(answers: Record<string, ServerAnswer>): void {
  window.__meydanEarly ??= {};
  const at = Date.now();
  for (const [path, { status, body }] of Object.entries(answers)) {
    const answer = Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
    window.__meydanEarly[new URL(path, location.origin).href] = { answer, at };
  }
}
