/**
 * Server-rendered pages: a share link and a poll's page (@meydan/proto `serverRenderedRoutes`) are answered with the
 * screen already drawn in the HTML, by the web app's own components (web/src/entry-server.tsx, built to
 * web/dist-server/entry-server.js), from the API answers the page's visitor would get. The page carries those answers
 * too, and the app hydrates the HTML from them (web/src/app/hydration.ts). A page that cannot be drawn (the module
 * missing, an answer failing) is the plain shell, which the app draws itself as before.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  RENDERED_PARTS_ATTRIBUTE,
  RENDERED_THEME_ATTRIBUTE,
  SERVER_ANSWERS_ID,
  serverRenderReads,
  THEME_COOKIE,
  type RenderTheme,
  type ServerAnswer,
  type ServerRenderInput,
  type ServerRenderOutput,
} from '@meydan/proto';
import { TtlCache, type Logger } from '@meydan/kit';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from './link-previews.js';

type RenderPage = (input: ServerRenderInput) => Promise<ServerRenderOutput | null>;

/** The client hint that says which palette the device asks for (Chromium sends it once asked to: `Accept-CH`). */
export const COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

/** The request headers an API read made for the page carries over from the page's own request. */
const CARRIED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-request-id'] as const;

/** A drawn page: the shell's parts to put in, and the cookies its reads set (a visitor's id). */
export interface RenderedPage {
  html: string;
  styles: string;
  parts: string[];
  answers: Record<string, ServerAnswer>;
  theme: RenderTheme;
  /** True when the member's choice (its cookie) decided the palette, not the device. */
  chosenTheme: boolean;
  setCookies: string[];
}

/** The member's choice of palette on this device (its cookie), if they made one. */
const chosenThemeOf = (request: FastifyRequest): RenderTheme | null => {
  const chosen = request.cookies[THEME_COOKIE];
  return chosen === 'light' || chosen === 'dark' ? chosen : null;
};

/** The palette to draw a page in: the member's choice on this device (its cookie), else the device's hint, else dark. */
export function themeOf(request: FastifyRequest): RenderTheme {
  const chosen = chosenThemeOf(request);
  if (chosen) return chosen;
  const hint = request.headers[COLOR_SCHEME_HINT.toLowerCase()];
  return typeof hint === 'string' && hint.trim().replace(/"/g, '') === 'light' ? 'light' : 'dark';
}

/** The JSON of the answers as a data block's text: nothing in it can end the block (`</script>`) or open a comment. */
export function answersBlock(answers: Record<string, ServerAnswer>): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_ANSWERS_ID}">${json}</script>`;
}

/**
 * The shell with a drawn page in it: its styles in the head, its HTML in `#root`, its answers after it, and the page's
 * palette on `<html>` (what a browser without JavaScript keeps; web/public/theme-boot.js sets the device's).
 */
export function shellWithPage(
  shell: string,
  page: Pick<RenderedPage, 'html' | 'styles' | 'parts' | 'answers' | 'theme'>,
): string {
  const root = /<div id="root"><\/div>/;
  if (!root.test(shell) || !/<\/head>/i.test(shell)) return shell;
  // Replacer functions, never replacement strings: a `$&` in a poll's text would copy parts of the page.
  return shell
    .replace(/<html\b[^>]*>/i, (tag) =>
      / data-theme="[^"]*"/.test(tag)
        ? tag.replace(/ data-theme="[^"]*"/, () => ` data-theme="${page.theme}"`)
        : tag.replace(/>$/, () => ` data-theme="${page.theme}">`),
    )
    .replace(/<\/head>/i, () => `${page.styles}\n  </head>`)
    .replace(
      root,
      () =>
        `<div id="root" ${RENDERED_THEME_ATTRIBUTE}="${page.theme}" ${RENDERED_PARTS_ATTRIBUTE}="${escapeHtml(page.parts.join(','))}">${page.html}</div>\n    ${answersBlock(page.answers)}`,
    );
}

/**
 * How long a drawing is reused for the same page, palette and answers: a shared poll's new visitors (no vote yet, so
 * no counts under the default results mode) all get the same answers, and are drawn once in this time.
 */
const DRAWING_REUSE_MS = 5_000;
const DRAWINGS_MAX_BYTES = 8 * 1024 * 1024;

export class ServerRender {
  /** At most DRAWINGS_MAX_BYTES of drawings (a poll page's is 20–30 kB). */
  private readonly drawings = new TtlCache<ServerRenderOutput>(DRAWING_REUSE_MS, 1_000, {
    maxSize: DRAWINGS_MAX_BYTES,
    sizeOf: (drawn) => drawn.html.length + drawn.styles.length,
  });

  private constructor(
    private readonly render: RenderPage,
    private readonly log: Logger,
  ) {}

  /** The server rendering built at `entry` (web/dist-server/entry-server.js); null when it is off or not built. */
  static async load(entry: string, log: Logger): Promise<ServerRender | null> {
    if (entry === 'off') return null;
    if (!existsSync(entry)) {
      log.warn({ entry }, 'no server rendering built (npm run build -w @meydan/web): poll pages get the plain shell');
      return null;
    }
    const module = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage };
    if (typeof module.renderPage !== 'function') throw new Error(`${entry} exports no renderPage`);
    return new ServerRender(module.renderPage, log);
  }

  /**
   * Draws the page at `path` as the request's visitor sees it: each API read asked of this gateway with the request's
   * cookies and address (so limits, sessions and a visitor's id are theirs). Null when the path is no server-rendered
   * page, or a read did not answer 200 (the app then asks and tells, as without this).
   */
  async page(request: FastifyRequest, path: string): Promise<RenderedPage | null> {
    const reads = serverRenderReads(path);
    if (!reads) return null;
    const headers: Record<string, string> = {};
    for (const name of CARRIED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (!headers['x-request-id']) headers['x-request-id'] = request.id;
    try {
      const answers: Record<string, ServerAnswer> = {};
      const setCookies: string[] = [];
      for (const url of reads) {
        // One after the other: the first read may give a visitor their id (a cookie) that the next should carry.
        const answer = await request.server.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
        const cookies = answer.headers['set-cookie'];
        for (const cookie of Array.isArray(cookies) ? cookies : cookies ? [cookies] : []) {
          setCookies.push(cookie);
          const pair = cookie.split(';')[0]!;
          headers['cookie'] = headers['cookie'] ? `${headers['cookie']}; ${pair}` : pair;
        }
        // The session read answers 401 for a visitor, which the app takes as nobody signed in.
        const expected = url === '/api/auth/session' ? [200, 401] : [200];
        if (!expected.includes(answer.statusCode)) return null;
        answers[url] = { status: answer.statusCode, body: answer.json() };
      }
      const theme = themeOf(request);
      const drawn = await this.draw({ path, theme, answers });
      return drawn ? { ...drawn, answers, theme, chosenTheme: chosenThemeOf(request) !== null, setCookies } : null;
    } catch (err) {
      this.log.warn({ err, path }, 'server rendering failed: plain shell');
      return null;
    }
  }

  /** The page drawn from these answers, or the same drawing made within DRAWING_REUSE_MS. */
  private async draw(input: ServerRenderInput): Promise<ServerRenderOutput | null> {
    const key = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    const kept = this.drawings.get(key);
    if (kept) return kept;
    const drawn = await this.render(input);
    if (drawn) this.drawings.set(key, drawn);
    return drawn;
  }
}
