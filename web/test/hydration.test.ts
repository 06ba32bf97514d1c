// @vitest-environment jsdom
/**
 * What the app takes from a page the server drew (app/hydration.ts): the palette and the answers it was drawn from,
 * read once from the page; the screen's data then comes from those answers, not from the network, so the first render
 * is the server's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_PARTS_ATTRIBUTE, RENDERED_THEME_ATTRIBUTE, SERVER_ANSWERS_ID } from '@meydan/proto';
import { loadScreenData, serverRenderedPage, takeServerAnswers } from '../src/app/hydration';
import { sessionApi } from '../src/features/session/sessionApi';
import { pollsApi } from '../src/features/polls/pollsApi';
import { selectPoll } from '../src/store/pollsSlice';
import { fakeApi, json, member, testStore } from './helpers';
import { testPoll } from './pollFixture';

/** A root drawn in `theme` and the data block after it, as the gateway writes them. */
function drawnPage(theme: string | null, block: string | null) {
  document.body.innerHTML = `<div id="root"${theme ? ` ${RENDERED_THEME_ATTRIBUTE}="${theme}"` : ''}><h1>Çay</h1></div>${
    block === null ? '' : `<script type="application/json" id="${SERVER_ANSWERS_ID}">${block}</script>`
  }`;
  return document.getElementById('root')!;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  // The object store/api.ts took at its start: emptied, never replaced.
  for (const url of Object.keys(window.__meydanEarly ?? {})) delete window.__meydanEarly![url];
});

describe('a page drawn by the server', () => {
  it('is read once: its palette and its answers, the data block then gone; anything else is no drawn page', () => {
    const answers = { '/api/auth/session': { status: 401, body: { error: 'unauthorized', message: 'Yok' } } };
    const root = drawnPage('light', JSON.stringify(answers).replace(/</g, '\\u003c'));
    root.setAttribute(RENDERED_PARTS_ATTRIBUTE, 'BallotForm,RankedChoice');
    expect(serverRenderedPage(root)).toEqual({ theme: 'light', answers, parts: ['BallotForm', 'RankedChoice'] });
    expect(document.getElementById(SERVER_ANSWERS_ID)).toBeNull();
    expect(serverRenderedPage(root)).toBeNull();
    expect(serverRenderedPage(drawnPage(null, '{}'))).toBeNull();
    expect(serverRenderedPage(drawnPage('mor', '{}'))).toBeNull();
    expect(serverRenderedPage(drawnPage('dark', '{bozuk'))).toBeNull();
  });

  it("fills the store from the page's answers without asking the network: the member and the poll as drawn", async () => {
    const poll = testPoll('p1', [3, 4]);
    const { requests } = fakeApi({ 'GET /api/polls/:id': poll, 'GET /api/polls/:id/comments': { comments: [] } });
    takeServerAnswers({
      '/api/auth/session': { status: 200, body: member },
      '/api/polls/p1': { status: 200, body: poll },
      '/api/polls/p1/comments': { status: 200, body: { comments: [], totalCount: 0, nextCursor: null } },
    });
    const store = testStore();
    await loadScreenData(store, '/anket/p1');
    expect(requests).toEqual([]);
    expect(sessionApi.endpoints.session.select()(store.getState()).data).toEqual(member);
    expect(pollsApi.endpoints.poll.select('p1')(store.getState()).data).toBe('p1');
    expect(selectPoll(store.getState(), 'p1')?.title).toBe(poll.title);
  });

  it('asks the network for what the page did not carry (a page the server did not draw)', async () => {
    const { requests } = fakeApi({ 'GET /api/s/:code': () => json({ error: 'not_found', message: 'Yok' }, 404) });
    const store = testStore();
    await loadScreenData(store, '/s/AbC123');
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/auth/session', '/api/s/AbC123']);
  });
});
