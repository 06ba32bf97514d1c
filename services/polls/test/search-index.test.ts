/**
 * Search from the polls' stored terms and hashtags, with the real auth and social services: the start of any word
 * finds a poll whatever its Turkish spelling, each viewer finds only what they may see (whether their mutual followers
 * and hidden members come from the cache or are asked anew), old polls are given their fields at start, and the query
 * is one the MongoDB-wire server can answer from the terms' index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type mongo } from 'mongoose';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as socialBuildApp } from '../../social/src/app.js';
import { backfillSearchFields } from '../src/store/search-fields.js';
import { createPoll, follow, startPolls, type PollsTestService } from './support.js';

type Viewer = 'visitor' | 'member' | 'mutual' | 'creator' | 'banned';
type Kind = 'public' | 'private' | 'friends' | 'share' | 'held' | 'deleted' | 'bannedCreator';

describe('search on stored terms', () => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;
  const users = {} as Record<Exclude<Viewer, 'visitor'>, TestUser>;
  const polls = {} as Record<Kind, string>;

  const headersOf = (viewer: Viewer) => (viewer === 'visitor' ? asVisitor() : asMember(users[viewer].id));
  const search = async (q: string, viewer: Viewer) => {
    const res = await svc.app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}&limit=50`,
      headers: headersOf(viewer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { totalCount: number; polls: { id: string; title: string }[] };
  };
  const found = async (q: string, viewer: Viewer) => {
    const ids = (await search(q, viewer)).polls.map((p) => p.id);
    return (Object.keys(polls) as Kind[]).filter((kind) => ids.includes(polls[kind])).sort();
  };

  beforeAll(async () => {
    auth = await startTestService('auth', authBuildApp);
    social = await startTestService('social', socialBuildApp);
    svc = await startPolls();
    users.creator = await createUser(auth.deps, { username: 'gocmen_kus', displayName: 'Göçmen Kuş' });
    users.mutual = await createUser(auth.deps, { username: 'dost_uye' });
    users.member = await createUser(auth.deps, { username: 'sade_uye' });
    users.banned = await createUser(auth.deps, { username: 'yasakli_uye' });
    await follow(social, users.creator, users.mutual);
    await follow(social, users.mutual, users.creator);
    const make = async (title: string, over: Record<string, unknown> = {}, by = users.creator) =>
      (await createPoll(svc.app, by.id, { title, ...over })).id;
    polls.public = await make('GÖÇMEN kuşlar nereye gider?', { options: ['Güneye', 'Batıya'] });
    polls.private = await make('Üyelere bir soru', { type: 'private', description: 'Şehre göçenler ne düşünür?' });
    polls.friends = await make('Dostlara bir soru', { type: 'friends', options: ['Göçebe', 'Yerleşik'] });
    polls.share = (
      await createPoll(svc.app, users.creator.id, { title: 'Göçmen bağlantısı' }, '/api/polls/shareable')
    ).id;
    polls.held = await make('Göçmen ama bekletilen');
    await svc.app.polls.models.Poll.updateOne({ _id: polls.held }, { $set: { heldAt: new Date() } });
    polls.deleted = await make('Göçmen ama silinen');
    const removed = await svc.app.inject({
      method: 'DELETE',
      url: `/api/polls/${polls.deleted}`,
      headers: asMember(users.creator.id),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    polls.bannedCreator = await make('Göçmen yasaklının sorusu', {}, users.banned);
    await svc.app.polls.banned.add(users.banned.id);
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  // What `goc` (the start of göçmen, göçenler, Göçebe) finds for each viewer: never a share-link, held, deleted or
  // banned creator's poll; members' polls for members; a friends' circle poll for its creator and their mutuals.
  const expected: Record<Viewer, Kind[]> = {
    visitor: ['public'],
    member: ['private', 'public'],
    mutual: ['friends', 'private', 'public'],
    creator: ['friends', 'private', 'public'],
    banned: ['private', 'public'],
  };

  it.each(Object.keys(expected) as Viewer[])(
    'finds for the %s what they may see, cached or asked anew',
    async (viewer) => {
      if (viewer !== 'visitor') {
        await svc.app.polls.people.forgetMutuals(users[viewer].id, users.creator.id);
        await svc.app.polls.people.forgetHidden(users[viewer].id, users.creator.id);
      }
      const asked = await found('goc', viewer);
      expect(asked).toEqual(expected[viewer]);
      // The second time the mutual followers and hidden members come from the cache.
      expect(await found('goc', viewer)).toEqual(asked);
    },
  );

  it('finds the start of a word whatever its Turkish spelling and case, every word of the query, never mid-word', async () => {
    for (const q of ['GÖÇ', 'göçmen', 'gocmen', 'GOCMEN KUS', 'kuşlar göç', 'nereye'])
      expect(await found(q, 'visitor'), q).toEqual(['public']);
    expect(await found('ŞEHRE', 'member')).toEqual(['private']);
    expect(await found('ÜYELERE bir', 'member')).toEqual(['private']);
    expect(await found('gocebe', 'mutual')).toEqual(['friends']);
    expect(await found('YERLEŞİK', 'creator')).toEqual(['friends']);
    // The middle of a word no longer finds it (the regular expressions before did): the index holds word starts only.
    for (const q of ['çmen', 'reye', 'kuşlar üneye'] as const) expect(await found(q, 'visitor'), q).toEqual([]);
  });

  it('lists a tag’s polls from their stored hashtags, whatever the tag’s spelling, for who may see them', async () => {
    const tagged = await createPoll(svc.app, users.creator.id, { title: 'Sabah #Kahvaltı_Sofrası nasıl?' });
    const members = await createPoll(svc.app, users.creator.id, {
      title: 'Üyelere',
      type: 'private',
      description: 'Bir #kahvaltı_sofrası sorusu',
    });
    const tag = async (text: string, viewer: Viewer) => {
      const res = await svc.app.inject({
        url: `/api/tags/${encodeURIComponent(text)}/polls`,
        headers: headersOf(viewer),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().polls as { id: string }[]).map((p) => p.id).sort();
    };
    expect(await tag('KAHVALTI_SOFRASI', 'visitor')).toEqual([tagged.id]);
    expect(await tag('kahvaltı_sofrası', 'member')).toEqual([tagged.id, members.id].sort());
    // A tag is whole: its start is not the tag.
    expect(await tag('kahvalti', 'member')).toEqual([]);
  });

  it('gives polls stored before the fields theirs at start, in batches, once', async () => {
    const { Poll } = svc.app.polls.models;
    const collection = Poll.collection as unknown as mongo.Collection;
    const old = await createPoll(svc.app, users.creator.id, { title: 'Eski Ilıcalar', options: ['Çeşme', 'Bursa'] });
    const older = await createPoll(svc.app, users.creator.id, { title: 'Eski #Gezi', description: 'Hangi ırmak?' });
    const ids = [old.id, older.id].map((id) => new Types.ObjectId(id));
    await collection.updateMany({ _id: { $in: ids } }, { $unset: { searchTerms: '', hashtags: '' } });
    expect(await found('ilica', 'visitor')).toEqual([]);

    expect(await backfillSearchFields(svc.app.polls, 1)).toBe(2);
    const stored = await collection.find({ _id: { $in: ids } }).toArray();
    expect(stored.map((p) => p['hashtags']).sort()).toEqual([[], ['gezi']]);
    const ids2 = async (q: string) => (await search(q, 'visitor')).polls.map((p) => p.id);
    expect(await ids2('ILICA cesme')).toEqual([old.id]);
    expect(await ids2('irmak')).toEqual([older.id]);
    expect(await backfillSearchFields(svc.app.polls, 1)).toBe(0);
  });

  it('asks the MongoDB-wire server a query on the indexed terms, with no regular expression', async () => {
    const { Poll } = svc.app.polls.models;
    const asked: Record<string, unknown>[] = [];
    const db = Poll.db;
    db.set('debug', (collection: string, method: string, filter: Record<string, unknown>) => {
      if (collection === Poll.collection.collectionName && method === 'find') asked.push(filter);
    });
    try {
      await search('göçmen kuş', 'member');
    } finally {
      db.set('debug', false);
    }
    const [filter] = asked;
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(filter)).not.toContain('$regex');
    expect(filter).toMatchObject({ searchTerms: { $eq: 'gocmen', $all: ['gocmen', 'kus'] } });

    const explained = (await Poll.find(filter!).sort({ createdAt: -1 }).limit(200).explain('queryPlanner')) as {
      queryPlanner?: { winningPlan?: unknown; Plan?: string[] };
      command?: { filter?: unknown };
      serverInfo?: { ferretdbVersion?: string };
      filterPushdown?: boolean;
    };
    const indexed = (await Poll.collection.indexes()).some((i) => i.key['searchTerms'] === 1);
    if (explained.queryPlanner?.winningPlan) {
      expect(indexed).toBe(true);
      // MongoDB: the winning plan reads the terms' index and scans no collection.
      const plan = JSON.stringify(explained.queryPlanner.winningPlan);
      expect(plan).not.toContain('COLLSCAN');
      expect(plan).toContain('IXSCAN');
      expect(plan).toContain('searchTerms');
    } else {
      // FerretDB v1 over SQLite, the server of `npm start` and the tests, hands only `_id` lookups to SQLite: for this
      // query it reads the whole table (`SCAN polls_…`, no pushdown) and filters in itself. It would index the terms as
      // one value, of no use to this query, so the index is not made there (kit's createMultikeyIndexes). Recorded as
      // it is, not as wished: a FerretDB that starts to push this query down fails here.
      expect(indexed).toBe(false);
      expect(explained.serverInfo?.ferretdbVersion).toMatch(/^v1\./);
      expect(explained.command?.filter).toEqual(JSON.parse(JSON.stringify(filter)));
      expect(explained.filterPushdown).toBe(false);
      expect(explained.queryPlanner?.Plan?.join(' ')).toMatch(/SCAN polls_/);
    }
  });
});
