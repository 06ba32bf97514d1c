import { matchClientRoute, type ClientRoute } from './routes.js';

/**
 * Pages the gateway renders on the server: their HTML carries the screen, drawn by the app's own components
 * (web/src/entry-server.tsx), and the app hydrates it (web/src/app/hydration.ts). A share link and a poll's page are
 * where most people arrive from a chat app, on a phone: they paint before the app's code has arrived.
 */
export const serverRenderedRoutes = ['/s/:shortUrl', '/anket/:id'] as const satisfies readonly ClientRoute[];

export type ServerRenderedRoute = (typeof serverRenderedRoutes)[number];

/** The palettes a page can be rendered in (the app's themes). */
export type RenderTheme = 'dark' | 'light';

/** The cookie that tells the server the palette a member chose on this device (the app writes it with its choice). */
export const THEME_COOKIE = 'theme';

/** The id of the page's data block: the API answers it was rendered from, which the app takes instead of asking again. */
export const SERVER_ANSWERS_ID = 'meydan-answers';

/** The attribute of `#root` naming the palette its content was rendered in. */
export const RENDERED_THEME_ATTRIBUTE = 'data-rendered-theme';

/** The attribute of `#root` naming the lazily loaded parts its content holds (comma-separated). */
export const RENDERED_PARTS_ATTRIBUTE = 'data-rendered-parts';

/** An API answer as the page was rendered from it: its status and its JSON body. */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

/** What the gateway hands the server rendering: the page, its palette, and the answers of `serverRenderReads`. */
export interface ServerRenderInput {
  path: string;
  theme: RenderTheme;
  /** By API address, as `serverRenderReads` names them. */
  answers: Record<string, ServerAnswer>;
}

/** The rendered page: the content of `#root`, the style tags its content needs, and the lazily loaded parts it drew. */
export interface ServerRenderOutput {
  html: string;
  styles: string;
  /** The names of the lazily loaded components drawn (web/src/ui/lazyComponent.tsx), which the app loads before hydrating. */
  parts: string[];
}

/**
 * The API addresses a server-rendered page reads (GET, as the page's visitor), as the app asks for them at its start:
 * who is looking, the poll, and on a poll's page the first page of its comments. Null when the path is no
 * server-rendered page.
 */
export function serverRenderReads(path: string): string[] | null {
  const match = matchClientRoute(path);
  if (!match || !(serverRenderedRoutes as readonly string[]).includes(match.route)) return null;
  const param = (name: string) => encodeURIComponent(match.params[name] ?? '');
  if (match.route === '/s/:shortUrl') return ['/api/auth/session', `/api/s/${param('shortUrl')}`];
  return ['/api/auth/session', `/api/polls/${param('id')}`, `/api/polls/${param('id')}/comments`];
}
