// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_NOTICE_MS, ConnectionNotice } from '../src/features/connection/ConnectionNotice';
import { watchConnection } from '../src/features/connection/watchConnection';
import { api } from '../src/store/api';
import { RealtimeHub } from '../src/store/realtime/hub';
import { FakeSocket, fakeApi, renderAppAt, renderWithStore, testStore } from './helpers';

const OFFLINE = 'Bağlantı yok. İnternete yeniden bağlanınca sayfa kendini yeniler.';
const SOCKET_LOST = 'Bağlantı yok. Canlı güncellemeler için yeniden bağlanılıyor…';
const BACK = 'Bağlantı geri geldi; sayfa güncellendi.';

afterEach(cleanup);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The browser's network goes away or comes back: `navigator.onLine` and the window's event, as a browser does. */
function network(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const quiet = { info() {}, warn() {}, error() {} };

describe('the connection notice', () => {
  it('says the page is not connected while the browser is offline, in a polite live region, then that it is back', async () => {
    fakeApi();
    renderAppAt('/');
    // The live region is there from the start (fetched with the first render), empty while all is well, so the change
    // is read out.
    const live = await vi.waitFor(() => {
      const region = document.querySelector('[data-connection-region]');
      if (!region) throw new Error('the connection notice is not there yet');
      return region;
    }, 15_000);
    expect(live.getAttribute('role')).toBe('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');

    network(false);
    expect(await screen.findByText(OFFLINE)).toBeTruthy();
    expect(live.textContent).toBe(OFFLINE);

    network(true);
    expect(await screen.findByText(BACK)).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('says so when a live socket that was connected is lost, not before it ever connected, and hides "back" after a while', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const socket = new FakeSocket();
    const { store } = renderWithStore(<ConnectionNotice />, { socket });
    act(() => store.realtime.connect());
    // Connecting for the first time (or never, for a visitor whose screen follows nothing) is no lost connection.
    act(() => socket.serverEmit('connect_error', new Error('boom')));
    expect(screen.queryByText(SOCKET_LOST)).toBeNull();

    act(() => socket.open());
    act(() => socket.drop());
    expect(screen.getByText(SOCKET_LOST).getAttribute('data-connection-notice')).toBe('offline');

    act(() => socket.open());
    expect(screen.getByText(BACK).getAttribute('data-connection-notice')).toBe('back');
    act(() => vi.advanceTimersByTime(BACK_NOTICE_MS));
    expect(screen.queryByText(BACK)).toBeNull();
  });
});

describe('refetch on reconnect', () => {
  it('asks again for what is on screen when the browser is back online', async () => {
    const { requests } = fakeApi({ 'GET /api/health': { status: 'ok' } });
    const store = testStore();
    const stop = watchConnection(store);
    const subscription = store.dispatch(api.endpoints.health.initiate());
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/health')).toHaveLength(1));

    network(false);
    network(true);
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/health')).toHaveLength(2));
    subscription.unsubscribe();
    stop();
  });

  it('refreshes the feed on screen when the network returns, without a reload', async () => {
    const { requests } = fakeApi();
    const { store } = renderAppAt('/kesfet');
    const stop = watchConnection(store);
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/polls')).toBe(true));
    const before = requests.filter((r) => r.path === '/api/polls').length;
    network(false);
    network(true);
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/polls').length).toBeGreaterThan(before));
    stop();
  });

  it('refetches when a live socket lost comes back, but not after the app closed it itself', async () => {
    const { requests } = fakeApi({ 'GET /api/health': { status: 'ok' } });
    const socket = new FakeSocket();
    const store = testStore({ socket });
    const dispatch = vi.spyOn(store, 'dispatch');
    const stop = watchConnection(store);
    const refetches = () =>
      dispatch.mock.calls.filter(([action]) => (action as { type?: string }).type === api.internalActions.onOnline.type)
        .length;
    const subscription = store.dispatch(api.endpoints.health.initiate());
    const asked = () => requests.filter((r) => r.path === '/api/health').length;
    await vi.waitFor(() => expect(asked()).toBe(1));

    store.realtime.connect();
    socket.open();
    socket.drop('transport close');
    socket.open();
    expect(refetches()).toBe(1);
    await vi.waitFor(() => expect(asked()).toBe(2));

    // A new handshake after sign-in closes the socket on purpose ('io client disconnect'): nothing was missed.
    socket.serverEmit('disconnect', 'io client disconnect');
    socket.open();
    expect(refetches()).toBe(1);

    // Lost while the browser was offline: its `online` refetches, and the socket's return asks again (what was asked at
    // the very moment the network came back may have failed: Chromium seen refusing it as still offline).
    socket.drop('transport close');
    network(false);
    network(true);
    expect(refetches()).toBe(2);
    socket.open();
    expect(refetches()).toBe(3);
    await vi.waitFor(() => expect(asked()).toBeGreaterThanOrEqual(3));
    subscription.unsubscribe();
    stop();
  });
});

describe('the live socket when the network returns', () => {
  it('is tried at once and follows again what it followed', async () => {
    const socket = new FakeSocket();
    const hub = new RealtimeHub(() => socket, quiet);
    hub.follow(['p1', 'p2']);
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    socket.open();
    expect(socket.sentEvents('subscribe_polls')).toEqual([{ pollIds: ['p1', 'p2'] }]);

    socket.drop('transport close');
    hub.wake();
    expect(socket.connects).toBe(2);
    expect(hub.status).toBe('connecting');
    socket.open();
    expect(socket.sentEvents('subscribe_polls').at(-1)).toEqual({ pollIds: ['p1', 'p2'] });

    // Connected: waking changes nothing.
    hub.wake();
    expect(socket.connects).toBe(2);
  });
});
