// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, tagTypes } from '../src/store/api';
import { createStore } from '../src/store/store';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createStore', () => {
  it('builds a store holding the api reducer and the polls held once', () => {
    const store = createStore();
    const state = store.getState();
    expect(Object.keys(state)).toEqual(['api', 'ui', 'toasts', 'realtime', 'polls']);
    expect(state.polls).toEqual({ ids: [], entities: {}, sending: {}, changes: 0, changedAt: {} });
    expect(state.ui.dialog).toBeNull();
    expect(state.toasts.items).toEqual([]);
    expect(state.realtime.status).toBe('disconnected');
    expect(state.api.config.reducerPath).toBe('api');
    expect(state.api.queries).toEqual({});
  });

  it('declares every tag type the product needs', () => {
    expect([...tagTypes].sort()).toEqual(
      ['Admin', 'Comment', 'Follow', 'Notification', 'Poll', 'Report', 'Session', 'User', 'Vote'].sort(),
    );
  });

  it('runs queries through the api middleware against /api with the session cookie', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ status: 'ok' }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const store = createStore();
    const result = await store.dispatch(api.endpoints.health.initiate());

    expect(result.data).toEqual({ status: 'ok' });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/health');
    expect(request.credentials).toBe('include');
    expect(api.endpoints.health.select()(store.getState()).data).toEqual({ status: 'ok' });
  });

  it('starts from a preloaded state', async () => {
    const first = createStore();
    await first.dispatch(api.util.upsertQueryData('health', undefined, { status: 'cached' }));

    const second = createStore(first.getState());
    expect(api.endpoints.health.select()(second.getState()).data).toEqual({ status: 'cached' });
  });
});
