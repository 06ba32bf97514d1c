/** Search and hashtags with the real auth service (members) in the same run: Turkish-aware, ranked, paged, and never a poll the reader may not see. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { createPoll, startPolls, type PollsTestService } from './support.js';

describe('search and hashtags', () => {
  let auth: TestService;
  let svc: PollsTestService;
  let creator: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    auth = await startTestService('auth', authBuildApp);
    svc = await startPolls();
    creator = await createUser(auth.deps, { username: 'cagri', displayName: 'Çağrı Işık' });
    reader = await createUser(auth.deps, { username: 'irmak', displayName: 'Irmak Öz' });
    await createUser(auth.deps, { username: 'istanbullu', displayName: 'İstanbul Sever' });
    const make = (title: string, over: Record<string, unknown> = {}) =>
      createPoll(svc.app, creator.id, { title, ...over });
    await make('Sabah ÇAY mı içersin? #Kahvaltı', { options: ['Evet', 'Hayır'] });
    await make('Akşam ne içelim?', { options: ['Çay', 'Kahve'], description: 'Bir #kahvaltı sorusu değil' });
    await make('Çaydanlık mı semaver mi?', { options: ['Çaydanlık', 'Semaver'] });
    await make('Üyelere özel çay sorusu', { type: 'private' });
    await make('Dostlara çay sorusu', { type: 'friends' });
    await createPoll(svc.app, creator.id, { title: 'Bağlantıyla çay sorusu #kahvaltı' }, '/api/polls/shareable');
  });
  afterAll(async () => {
    await svc?.close();
    await auth?.close();
  });

  const search = (query: string, headers = asVisitor()) =>
    svc.app.inject({ method: 'GET', url: `/api/search?${query}`, headers });

  it('finds polls by title, options and description whatever the Turkish spelling, title matches first', async () => {
    const res = await search(`q=${encodeURIComponent('cay')}`);
    expect(res.statusCode, res.body).toBe(200);
    const titles = res.json().polls.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Çaydanlık mı semaver mi?', 'Sabah ÇAY mı içersin? #Kahvaltı', 'Akşam ne içelim?']);
    expect(res.json()).toMatchObject({
      type: 'polls',
      query: 'cay',
      totalCount: 3,
      page: 1,
      hasMore: false,
      users: [],
    });
    expect(
      (await search(`q=${encodeURIComponent('İÇELİM')}`)).json().polls.map((p: { title: string }) => p.title),
    ).toEqual(['Akşam ne içelim?']);
  });

  it('never shows a visitor a members’ poll, nor anyone a share-link or another circle’s poll', async () => {
    const visitor = (await search('q=soru')).json().polls.map((p: { title: string }) => p.title);
    expect(visitor).toEqual(['Akşam ne içelim?']);
    const member = (await search('q=soru', asMember(reader.id))).json().polls.map((p: { title: string }) => p.title);
    expect(member.sort()).toEqual(['Akşam ne içelim?', 'Üyelere özel çay sorusu'].sort());
    const own = (await search('q=soru', asMember(creator.id))).json().polls.map((p: { title: string }) => p.title);
    expect(own).toContain('Dostlara çay sorusu');
    expect(own).not.toContain('Bağlantıyla çay sorusu #kahvaltı');
  });

  it('pages through the results', async () => {
    const first = (await search('q=cay&limit=2&page=1')).json();
    const second = (await search('q=cay&limit=2&page=2')).json();
    expect(first).toMatchObject({ totalCount: 3, hasMore: true });
    expect(first.polls).toHaveLength(2);
    expect(second).toMatchObject({ totalCount: 3, hasMore: false });
    expect(second.polls.map((p: { title: string }) => p.title)).toEqual(['Akşam ne içelim?']);
  });

  it('finds members by username or display name through auth, Turkish-aware', async () => {
    const byName = (await search('q=cagri&type=users')).json();
    expect(byName.users).toEqual([expect.objectContaining({ username: 'cagri', displayName: 'Çağrı Işık' })]);
    expect(
      (await search(`q=${encodeURIComponent('IRMAK')}&type=users`))
        .json()
        .users.map((u: { username: string }) => u.username),
    ).toEqual(['irmak']);
    expect((await search('q=istanbul&type=users')).json().users.map((u: { username: string }) => u.username)).toEqual([
      'istanbullu',
    ]);
  });

  it('refuses a query over 100 characters or of punctuation only, with a Turkish message', async () => {
    const long = await search(`q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'validation', message: 'Arama en fazla 100 karakter olabilir.' });
    for (const q of ['!!!', '   ', '#?.']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Aramak için en az bir harf ya da rakam yaz.');
    }
    expect((await search('type=polls')).statusCode).toBe(400);
  });

  it('lists a tag’s visible polls and the trending tags of the last 24 hours', async () => {
    const tagged = await svc.app.inject({
      method: 'GET',
      url: `/api/tags/${encodeURIComponent('KAHVALTI')}/polls`,
      headers: asVisitor(),
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(
      tagged
        .json()
        .polls.map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual(['Akşam ne içelim?', 'Sabah ÇAY mı içersin? #Kahvaltı'].sort());
    const trending = await svc.app.inject({ method: 'GET', url: '/api/tags/trending', headers: asVisitor() });
    expect(trending.json()).toEqual({ tags: [{ tag: 'kahvaltı', count: 2 }] });
    const bad = await svc.app.inject({
      method: 'GET',
      url: `/api/tags/${encodeURIComponent('a!')}/polls`,
      headers: asVisitor(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Etiket yalnızca harf, rakam ve _ içerebilir (2–50 karakter).');
  });
});
