import type { User, UserProfile } from '@meydan/proto';
import { act, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../src/app/App';
import { CreatePollDialog } from '../src/features/create-poll/CreatePollDialog';
import { ShareLinkDialog } from '../src/features/create-poll/ShareLinkDialog';
import { Toaster } from '../src/features/toasts/Toaster';
import { dialogOpened } from '../src/store/uiSlice';
import { api } from '../src/store/api';
import { createStore } from '../src/store/store';
import { RealtimeHub, loadServerEventValidators, type SocketLike } from '../src/store/realtime/hub';
import { ThemeProvider } from '../src/theme/ThemeProvider';

// The app fetches them with the socket; tests that hand the hub a fake socket need them at once.
await loadServerEventValidators();
// The frame's parts loaded after the first render (toasts, the bell, the feed's side column), imported once here: a
// test then waits for React to render them, not for their first transform on a loaded machine.
await Promise.all([
  import('../src/features/toasts/Toaster'),
  import('../src/features/notifications/NotificationBell'),
  import('../src/features/quick-decision/QuickDecision'),
]);

export const member: User = {
  id: 'u1',
  username: 'ayse',
  email: 'ayse@example.com',
  displayName: 'Ayşe Yılmaz',
  avatarUrl: null,
  role: 'member',
};

// Most screens load lazily: the first import of a screen's module in a test run can take longer than the default
// second on a busy machine (seen: 8 s with other suites running), so `findBy…`/`waitFor` wait up to 15 s.
configure({ asyncUtilTimeout: 15_000 });

type Handler = (request: Request, url: URL) => unknown | Response | Promise<unknown | Response>;

/** The test member's own profile as the API answers it (nothing written, nobody following), with `overrides`. */
export function memberProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: member.id,
    username: member.username,
    displayName: member.displayName,
    bio: null,
    avatarUrl: null,
    isProfilePublic: true,
    aiAnalysisCompleted: false,
    profileQuestionsCompleted: false,
    followersCount: 0,
    followingCount: 0,
    pollsCount: 0,
    votesCount: 0,
    ...overrides,
  };
}

/**
 * A stand-in for the gateway: `routes` maps 'METHOD /api/path' to an answer (a value is sent as JSON 200; a
 * Response as is). Unknown routes answer 404. Every request is recorded.
 */
export function fakeApi(routes: Record<string, Handler | unknown> = {}) {
  const defaults: Record<string, Handler | unknown> = {
    'GET /api/auth/session': () => json({ error: 'unauthorized', message: 'Oturum yok' }, 401),
    'GET /api/polls': { polls: [], totalCount: 0, nextCursor: null },
    'GET /api/notifications': [],
    'GET /api/notifications/unread-count': { count: 0 },
  };
  const table = { ...defaults, ...routes };
  const requests: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? parseBody(text) : undefined,
    });
    const key = `${request.method} ${url.pathname}`;
    const entry = table[key] ?? Object.entries(table).find(([pattern]) => matches(pattern, key))?.[1];
    if (entry === undefined) return json({ error: 'route_not_found', message: 'Böyle bir adres yok.' }, 404);
    const answer = typeof entry === 'function' ? await (entry as Handler)(request, url) : entry;
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** JSON bodies parsed; anything else (a multipart form) kept as text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const matches = (pattern: string, key: string) =>
  pattern.includes(':') && new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(key);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Every toast text shown from now on, kept after the toast has gone: a toast lasts 5 s, and a loaded machine can hold a
 * test back longer than that between the toast's render and the test's look at the page. `stop()` ends the watch.
 */
export function watchToasts(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const look = () => {
    for (const toast of document.querySelectorAll('[data-toast]')) {
      const text = toast.textContent ?? '';
      if (!texts.includes(text)) texts.push(text);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { texts, stop: () => observer.disconnect() };
}

/** A socket.io stand-in: the test plays the server with `serverEmit`, and reads what the client sent. */
export class FakeSocket implements SocketLike {
  connected = false;
  sent: { event: string; args: unknown[] }[] = [];
  private handlers = new Map<string, ((...args: never[]) => void)[]>();
  readonly io = { on: () => undefined };
  connects = 0;

  on(event: string, handler: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.sent.push({ event, args });
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /** The server accepts the connection. */
  open() {
    this.connected = true;
    this.serverEmit('connect');
  }
  drop(reason = 'transport close') {
    this.connected = false;
    this.serverEmit('disconnect', reason);
  }
  serverEmit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
  sentEvents(event: string) {
    return this.sent.filter((s) => s.event === event).map((s) => s.args[0]);
  }
}

export function testStore(options: { user?: User | null; socket?: FakeSocket } = {}) {
  const socket = options.socket;
  const realtime = new RealtimeHub(socket ? () => socket : null, { info() {}, warn() {}, error() {} });
  const store = createStore(undefined, { realtime });
  if (options.user !== undefined) {
    store.dispatch(
      api.util.upsertQueryEntries([{ endpointName: 'session', arg: undefined, value: options.user }] as never),
    );
  }
  return store;
}

/** Renders the whole app with the real browser router, as if the browser had opened `path`. */
export function renderAppAt(path: string, options: { user?: User | null; socket?: FakeSocket } = {}) {
  // ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
  window.scrollTo = () => {};
  window.history.replaceState(null, '', path);
  const store = testStore({ user: options.user === undefined ? null : options.user, socket: options.socket });
  const view = render(<App store={store} />);
  return { ...view, store };
}

/** Renders a piece of UI inside the store, theme and a memory router. */
export function renderWithStore(
  ui: ReactNode,
  options: { user?: User | null; socket?: FakeSocket; path?: string } = {},
) {
  const store = testStore({ user: options.user === undefined ? null : options.user, socket: options.socket });
  const view = render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store };
}

/** The creation dialog ('Kafa Açalım') opened for `user`, with the share-link dialog and the toasts it leads to. */
export function openCreatePollDialog(user: User = member) {
  const view = renderWithStore(
    <>
      <CreatePollDialog />
      <ShareLinkDialog />
      <Toaster />
    </>,
    { user },
  );
  act(() => {
    view.store.dispatch(dialogOpened({ kind: 'createPoll' }));
  });
  return view;
}

/** What jsdom lacks and the dialogs use: scrolling, and the ResizeObserver Radix measures some controls with. */
export function stubLayout(): void {
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
