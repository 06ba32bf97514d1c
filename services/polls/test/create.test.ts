import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, pollMessages as M, pollServiceMessages as S } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { collect, createPoll, newUserId, startPolls, validPoll, type PollsTestService } from './support.js';

describe('creating polls', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls({ PUBLIC_ORIGIN: 'https://meydan.example' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const post = (payload: unknown, url = '/api/polls', headers = asMember(alice)) =>
    svc.app.inject({ method: 'POST', url, headers, payload: payload as object });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: undefined }, 'title', M.titleRequired],
    ['an empty title', { title: '' }, 'title', M.titleRequired],
    ['a blank title', { title: '   ' }, 'title', M.titleRequired],
    ['a title of 201 characters', { title: 'a'.repeat(201) }, 'title', M.titleMax],
    ['no category', { category: undefined }, 'category', M.categoryRequired],
    ['an empty category', { category: '' }, 'category', M.categoryRequired],
    ['an unknown category', { category: 'spor' }, 'category', M.categoryUnknown],
    ['no options', { options: undefined }, 'options', M.optionsMin],
    ['one option', { options: ['Tek'] }, 'options', M.optionsMin],
    ['two options of which one is blank', { options: ['A', '  '] }, 'options', M.optionsMin],
    ['options as a JSON string with one text', { options: '["A"]' }, 'options', M.optionsMin],
    ['options as unparsable text', { options: 'A, B' }, 'options', M.optionsMin],
    ['seven options', { options: ['1', '2', '3', '4', '5', '6', '7'] }, 'options', M.optionsMax],
    ['an option of 101 characters', { options: ['A', 'b'.repeat(101)] }, 'options', M.optionMax],
    ['an option that is not text', { options: ['A', 3] }, 'options.1', M.optionText],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description', M.descriptionMax],
    ['a description that is not text', { description: 5 }, 'description', M.descriptionType],
    ['an unknown type', { type: 'secret' }, 'type', M.type],
    ['a private shareable poll', { type: 'private', isShareable: true }, 'type', M.shareableOnlyPublic],
    ['a friends shareable poll', { type: 'friends', shareable: true }, 'type', M.shareableOnlyPublic],
    ['shareable that is not a boolean', { isShareable: 'evet' }, 'isShareable', M.shareableBoolean],
    ['a duration of 2 hours', { durationHours: 2 }, 'durationHours', M.duration],
    ['a documented duration of 3 hours', { duration: 3 }, 'duration', M.duration],
    ['an expiry that is no date', { expiresAt: 'yarın' }, 'expiresAt', M.expiresAt],
    ['an expiry in the past', { expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt', M.expiresPast],
    [
      'an expiry after 30 days',
      { expiresAt: new Date(Date.now() + 31 * 86_400_000).toISOString() },
      'expiresAt',
      M.expiresTooLate,
    ],
  ];

  it.each(cases)('refuses %s with its Turkish text', async (_name, over, path, message) => {
    const res = await post({ ...validPoll(), ...over });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('validation');
    expect(body.message).toBe(message);
    expect(body.fields).toContainEqual({ path, message });
  });

  it('refuses a body that is not an object', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { ...asMember(alice), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.bodyObject);
  });

  it('asks visitors to sign in before anything else, with the toast text', async () => {
    for (const url of ['/api/polls', '/api/polls/shareable']) {
      const res = await post({ title: '' }, url, asVisitor());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: S.signInToCreate });
    }
    const quick = await post({ question: 'x', options: ['a', 'b'] }, '/api/polls/quick', asVisitor());
    expect(quick.statusCode).toBe(401);
    expect(quick.json().message).toBe('Soru sormak için giriş yapmalısın.');
  });

  it('creates a poll from options given as a JSON string, trimmed, with the caller as creator whatever the body says', async () => {
    const before = Date.now();
    const stream = collect(svc.deps.nats, events.polls.pollCreated);
    const res = await post({
      title: '  Çay mı kahve mi?  ',
      description: '  Sabah sorusu ',
      category: 'yemek-mekan',
      type: 'private',
      options: JSON.stringify([' Çay ', '', 'Kahve', '   ']),
      durationHours: 6,
      creatorId: 'someone-else',
    });
    expect(res.statusCode).toBe(201);
    const poll = res.json();
    expect(poll).toMatchObject({
      title: 'Çay mı kahve mi?',
      description: 'Sabah sorusu',
      category: 'yemek-mekan',
      type: 'private',
      creatorId: alice,
      isShareable: false,
      shortUrl: null,
      options: [
        { id: 0, text: 'Çay', votes: 0 },
        { id: 1, text: 'Kahve', votes: 0 },
      ],
      totalVotes: 0,
      votesCount: 0,
      publicVotesCount: 0,
      likesCount: 0,
      commentsCount: 0,
      shareCount: 0,
      isLiked: false,
      hasVoted: false,
      userChoice: null,
    });
    // No auth service answers in this suite: the creator is a placeholder, never a failure.
    expect(poll.creator).toEqual({ id: alice, username: '', displayName: S.unknownCreator, avatarUrl: null });
    const expires = Date.parse(poll.expiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(6 * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(6 * 3600_000 + 5000);
    await vi.waitFor(
      () =>
        expect(stream.received.map((m) => m.data)).toContainEqual(
          expect.objectContaining({
            pollId: poll.id,
            creatorId: alice,
            type: 'private',
            title: 'Çay mı kahve mi?',
            category: 'yemek-mekan',
          }),
        ),
      { timeout: 5000, interval: 25 },
    );
    stream.stop();
  });

  it('defaults to public and 24 hours; duration 0 and expiresAt null mean no expiry; expiresAt within 30 days is kept', async () => {
    const def = await createPoll(svc.app, alice);
    expect(def.type).toBe('public');
    expect(Date.parse(def.expiresAt!) - Date.parse(def.createdAt)).toBeGreaterThan(24 * 3600_000 - 2000);
    expect(Date.parse(def.expiresAt!) - Date.parse(def.createdAt)).toBeLessThan(24 * 3600_000 + 2000);
    expect((await createPoll(svc.app, alice, { duration: 0 })).expiresAt).toBeNull();
    expect((await createPoll(svc.app, alice, { expiresAt: null })).expiresAt).toBeNull();
    const at = new Date(Date.now() + 29 * 86_400_000);
    expect((await createPoll(svc.app, alice, { expiresAt: at.toISOString() })).expiresAt).toBe(at.toISOString());
  });

  it('accepts the genel category (quick questions) and up to six options of 100 characters', async () => {
    const poll = await createPoll(svc.app, alice, {
      category: 'genel',
      options: ['1', '2', '3', '4', '5', 'x'.repeat(100)],
      title: 't'.repeat(200),
      description: 'd'.repeat(500),
    });
    expect(poll.options).toHaveLength(6);
    expect(poll.title).toHaveLength(200);
  });

  it('creates a shareable poll with a 10-character base62 code and the configured origin', async () => {
    const res = await post({ ...validPoll(), options: ['Evet', 'Hayır'] }, '/api/polls/shareable');
    expect(res.statusCode).toBe(201);
    const { shareUrl, poll } = res.json();
    expect(poll.shortUrl).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(shareUrl).toBe(`https://meydan.example/s/${poll.shortUrl}`);
    expect(poll).toMatchObject({ isShareable: true, type: 'public', creatorId: alice });
    const other = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
    expect(other.shortUrl).not.toBe(poll.shortUrl);
    const viaFlag = await post({ ...validPoll(), isShareable: true });
    expect(viaFlag.json()).toMatchObject({ isShareable: true, shortUrl: expect.stringMatching(/^[0-9A-Za-z]{10}$/) });
  });

  it('refuses a shareable poll of another type on the shareable route', async () => {
    const res = await post({ ...validPoll(), type: 'friends' }, '/api/polls/shareable');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      message: M.shareableOnlyPublic,
      fields: [{ path: 'type', message: M.shareableOnlyPublic }],
    });
  });

  it('posts a quick question as a public genel poll lasting 24 hours, with its own texts', async () => {
    const ok = await post({ question: 'Pizza mı döner mi?', options: ['Pizza', 'Döner'] }, '/api/polls/quick');
    expect(ok.statusCode).toBe(201);
    const poll = ok.json();
    expect(poll).toMatchObject({ category: 'genel', type: 'public', title: 'Pizza mı döner mi?', creatorId: alice });
    expect(Date.parse(poll.expiresAt) - Date.parse(poll.createdAt)).toBeGreaterThan(24 * 3600_000 - 2000);
    const quick: [object, string][] = [
      [{ question: ' ', options: ['a', 'b'] }, M.quickRequired],
      [{ question: 'q', options: ['a', ' '] }, M.quickRequired],
      [{ question: 'q', options: ['a'] }, M.quickRequired],
      [{ question: 'q', options: ['a', 'b', 'c'] }, M.quickOptionsCount],
      [{ question: 'q'.repeat(151), options: ['a', 'b'] }, M.quickQuestionMax],
      [{ question: 'q', options: ['a', 'b'.repeat(51)] }, M.quickOptionMax],
      [{ options: ['a', 'b'] }, M.quickRequired],
    ];
    for (const [body, message] of quick) {
      const res = await post(body, '/api/polls/quick');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
