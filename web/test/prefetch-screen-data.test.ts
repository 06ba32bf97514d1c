// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreenData } from '../src/app/prefetchScreenData';
import { loadScreenOf } from '../src/app/router';
import { sessionApi } from '../src/features/session/sessionApi';
import { LOGGED_OUT_KEY } from '../src/features/session/loggedOutFlag';
import { pollsApi } from '../src/features/polls/pollsApi';
import { fakeApi, json, member, testStore } from './helpers';
import script from '../early-data.js?raw';
import { quietFor } from '../../test/quiet';

const missing = () => json({ error: 'not_found', message: 'Anket bulunamadı.' }, 404);

/** The screens' modules, each noting here when it is first imported. */
const screensLoaded = vi.hoisted(() => [] as string[]);
vi.mock('../src/features/reach/PollPage', () => {
  screensLoaded.push('PollPage');
  return { PollPage: () => null, parts: async () => {} };
});
vi.mock('../src/features/share-link/SharedPollPage', () => {
  screensLoaded.push('SharedPollPage');
  return { SharedPollPage: () => null, parts: undefined };
});
vi.mock('../src/features/profile/ProfilePage', () => {
  screensLoaded.push('ProfilePage');
  return { ProfilePage: () => null, parts: undefined };
});
vi.mock('../src/features/profile/ProfileTabs', () => {
  screensLoaded.push('ProfileTabs');
  return { ProfileTabs: () => null };
});

/** Opens `path` as main.tsx does: the session asked for, then the screen's data and its code. */
function start(path: string) {
  const store = testStore();
  void store.dispatch(sessionApi.endpoints.session.initiate());
  prefetchScreenData(store, path);
  void loadScreenOf(path);
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('the screen data asked for at start-up', () => {
  // First: the modules are loaded once per file, and the tests after this one open these screens too.
  it("the screen's own module (the profile's tabs with the own profile) is asked for with its data at start-up", async () => {
    fakeApi({ 'GET /api/polls/:id': missing, 'GET /api/s/:code': missing });
    start('/');
    await quietFor(200, 'no screen module loaded ahead for the home page');
    expect(screensLoaded).toEqual([]);
    start('/anket/p1');
    await vi.waitFor(() => expect(screensLoaded).toEqual(['PollPage']));
    start('/s/AbC123');
    start('/profil/ayse');
    await vi.waitFor(() => expect([...screensLoaded].sort()).toEqual(['PollPage', 'ProfilePage', 'SharedPollPage']));
    start('/profil');
    await vi.waitFor(() =>
      expect([...screensLoaded].sort()).toEqual(['PollPage', 'ProfilePage', 'ProfileTabs', 'SharedPollPage']),
    );
  });

  it("a poll's page asks for its poll at once, and the screen finds it cached", async () => {
    const { requests } = fakeApi({ 'GET /api/polls/:id': missing });
    const store = start('/anket/p1');
    await vi.waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/polls/p1'));
    await vi.waitFor(() => expect(pollsApi.endpoints.poll.select('p1')(store.getState()).isError).toBe(true));
  });

  it('a share link asks for its poll by its code', async () => {
    const { requests } = fakeApi({ 'GET /api/s/:code': missing });
    start('/s/AbC123');
    await vi.waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/s/AbC123'));
  });

  it("the own profile asks for the member's profile and polls by `me` beside the session, not after a sign-out", async () => {
    const asMember = fakeApi({
      'GET /api/auth/session': member,
      'GET /api/users/:id': {},
      'GET /api/users/:id/polls': [],
    });
    start('/profil');
    await vi.waitFor(() =>
      expect(asMember.requests.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/api/users/me', '/api/users/me/polls']),
      ),
    );
    // Not waiting for the session's answer: nothing asks for the member by id.
    expect(asMember.requests.map((r) => r.path)).not.toContain('/api/users/u1');

    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    const signedOut = fakeApi();
    start('/PROFIL/');
    await quietFor(300, 'nothing asked for the own profile after a sign-out');
    expect(signedOut.requests.map((r) => r.path)).toEqual([]);
    localStorage.removeItem(LOGGED_OUT_KEY);
  });

  it("a share link's poll is asked for once: its endpoint, arriving with the screen's chunk, takes the early answer", async () => {
    const { requests } = fakeApi({ 'GET /api/s/:code': missing });
    const store = start('/s/XyZ789');
    const { shareLinkApi } = await import('../src/features/share-link/shareLinkApi');
    await vi.waitFor(() =>
      expect(shareLinkApi.endpoints.shareLinkPoll.select('XyZ789')(store.getState()).isError).toBe(true),
    );
    expect(requests.filter((r) => r.path === '/api/s/XyZ789')).toHaveLength(1);
  });

  it('other screens ask for nothing before they render', async () => {
    const { requests } = fakeApi();
    start('/profil/ayse');
    start('/');
    await vi.waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/auth/session', '/api/auth/session']));
  });
});

describe('answers asked for early', () => {
  /** What web/early-data.js leaves for the app: the answer of `/api{path}`, asked for now. */
  function askEarly(path: string) {
    const url = `${location.origin}/api${path}`;
    window.__meydanEarly![url] = { answer: fetch(url, { credentials: 'include' }), at: Date.now() };
  }

  it('are taken once, by the first query of their URL, and not once they are older than ten seconds', async () => {
    let served = 0;
    const { requests } = fakeApi({ 'GET /api/users/:id': () => ({ id: 'u9', username: `zeynep${served++}` }) });
    const { profileApi } = await import('../src/features/profile/profileApi');
    const store = testStore();
    const username = (key: string) => profileApi.endpoints.userProfile.select(key)(store.getState()).data?.username;

    askEarly('/users/zeynep');
    const first = store.dispatch(profileApi.endpoints.userProfile.initiate('zeynep'));
    await vi.waitFor(() => expect(username('zeynep')).toBe('zeynep0'));
    expect(requests).toHaveLength(1);
    await first.refetch();
    expect(username('zeynep')).toBe('zeynep1');
    expect(requests).toHaveLength(2);
    first.unsubscribe();

    askEarly('/users/ali');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    const late = store.dispatch(profileApi.endpoints.userProfile.initiate('ali'));
    await vi.waitFor(() => expect(username('ali')).toBe('zeynep3'));
    expect(requests.map((r) => r.path)).toEqual([
      '/api/users/zeynep',
      '/api/users/zeynep',
      '/api/users/ali',
      '/api/users/ali',
    ]);
    late.unsubscribe();
    vi.restoreAllMocks();
  });
});

describe("the page's early script (web/early-data.js, as the dev server serves it: no screen files)", () => {
  /** Opens `path` as the browser does: the early script first, then the app's start-up. */
  function open(path: string) {
    window.history.replaceState(null, '', path);
    new Function(script)();
    return start(path);
  }
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    for (const url of Object.keys(window.__meydanEarly ?? {})) delete window.__meydanEarly![url];
  });

  it("asks for who is signed in and a poll's page's poll before the app runs, and the app asks neither again", async () => {
    const { requests } = fakeApi({ 'GET /api/polls/:id': missing, 'GET /api/auth/session': member });
    window.history.replaceState(null, '', '/anket/p7');
    new Function(script)();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session', '/api/polls/p7']);
    const store = start('/anket/p7');
    await vi.waitFor(() => expect(pollsApi.endpoints.poll.select('p7')(store.getState()).isError).toBe(true));
    await vi.waitFor(() =>
      expect(sessionApi.endpoints.session.select()(store.getState()).data).toMatchObject({ id: member.id }),
    );
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session', '/api/polls/p7']);
  });

  it("asks for a share link's poll and the own profile's data once, by the URLs the app's endpoints use", async () => {
    const { requests } = fakeApi({
      'GET /api/s/:code': missing,
      'GET /api/auth/session': member,
      'GET /api/users/:id': {},
      'GET /api/users/:id/polls': [],
    });
    const shared = open('/s/Ab%43 1');
    const { shareLinkApi } = await import('../src/features/share-link/shareLinkApi');
    await vi.waitFor(() =>
      expect(shareLinkApi.endpoints.shareLinkPoll.select('AbC 1')(shared.getState()).isError).toBe(true),
    );
    expect(requests.filter((r) => r.path.startsWith('/api/s/')).map((r) => r.path)).toEqual(['/api/s/AbC%201']);

    const { profileApi } = await import('../src/features/profile/profileApi');
    const own = open('/Profil/');
    void own.dispatch(profileApi.endpoints.userProfile.initiate('me'));
    void own.dispatch(profileApi.endpoints.userPolls.initiate('me'));
    await vi.waitFor(() => expect(profileApi.endpoints.userPolls.select('me')(own.getState()).isSuccess).toBe(true));
    await vi.waitFor(() => expect(profileApi.endpoints.userProfile.select('me')(own.getState()).isSuccess).toBe(true));
    expect(
      requests
        .filter((r) => r.path.startsWith('/api/users/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/api/users/me', '/api/users/me/polls']);
  });

  it("starts loading the screen's files the build lists for it, on its own routes only", () => {
    fakeApi({ 'GET /api/polls/:id': missing, 'GET /api/s/:code': missing });
    const built = script.replace(
      'var SCREEN_FILES = {};',
      'var SCREEN_FILES = {"poll":["/assets/poll-1.js","/assets/screens-1.js"],"profile":["/assets/profile-1.js"]};',
    );
    expect(built).not.toBe(script);
    const preloaded = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    for (const path of ['/', '/s/AbC', '/kesfet']) {
      window.history.replaceState(null, '', path);
      new Function(built)();
    }
    expect(preloaded()).toEqual([]);
    window.history.replaceState(null, '', '/anket/p9');
    new Function(built)();
    expect(preloaded()).toEqual(['/assets/poll-1.js', '/assets/screens-1.js']);
    window.history.replaceState(null, '', '/profil/ayse');
    new Function(built)();
    expect(preloaded()).toEqual(['/assets/poll-1.js', '/assets/screens-1.js', '/assets/profile-1.js']);
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  });

  it('asks only for the session on other screens, after a sign-out on the profile or for a malformed link; an embed, nothing', async () => {
    const { requests } = fakeApi();
    const paths = ['/', '/profil/ayse', '/s/%E0', '/anket/a/b'];
    for (const path of paths) {
      window.history.replaceState(null, '', path);
      new Function(script)();
      delete window.__meydanEarly![`${location.origin}/api/auth/session`];
    }
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    window.history.replaceState(null, '', '/profil');
    new Function(script)();
    localStorage.removeItem(LOGGED_OUT_KEY);
    expect(requests.map((r) => r.path)).toEqual(Array(paths.length + 1).fill('/api/auth/session'));
    window.history.replaceState(null, '', '/embed/AbC123');
    new Function(script)();
    expect(requests).toHaveLength(paths.length + 1);
  });
});

describe('the own profile by `me`', () => {
  it('is asked for again after signing out and in as someone else, never shown from the last member', async () => {
    const { profileApi } = await import('../src/features/profile/profileApi');
    const ayse = { id: 'u1', username: 'ayse' };
    const mehmet = { id: 'u2', username: 'mehmet' };
    let signedIn: { id: string; username: string } = ayse;
    fakeApi({
      'GET /api/users/:id': () => signedIn,
      'POST /api/logout': { message: 'Çıkış yapıldı.' },
      'POST /api/login': () => json({ ...member, id: signedIn.id, username: signedIn.username }),
    });
    const store = testStore({ user: member });
    const first = store.dispatch(profileApi.endpoints.userProfile.initiate('me'));
    await vi.waitFor(() =>
      expect(profileApi.endpoints.userProfile.select('me')(store.getState()).data?.username).toBe('ayse'),
    );
    first.unsubscribe();

    await store.dispatch(sessionApi.endpoints.logout.initiate());
    signedIn = mehmet;
    await store.dispatch(
      sessionApi.endpoints.login.initiate({ email: 'mehmet@example.com', password: 'gizli-sifre-1' }),
    );
    const again = store.dispatch(profileApi.endpoints.userProfile.initiate('me'));
    await vi.waitFor(() =>
      expect(profileApi.endpoints.userProfile.select('me')(store.getState()).data?.username).toBe('mehmet'),
    );
    again.unsubscribe();
  });
});
