/**
 * Result visibility on the socket (issues 27 and 38): a socket gets a poll's live counts only where its viewer may see
 * them over HTTP (results-visibility.ts), the others its total alone: an after-close poll's reach nobody until it ends;
 * a creator-only poll's its creator; an after-vote poll's (the default) its creator and its voters, from the moment
 * the vote is accepted (a socket following it then, or one that follows it later); an always poll's everyone.
 */
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { validate, type Poll } from '@meydan/proto';
import {
  asAdmin,
  asMember,
  asVisitor,
  identityHeaders,
  startTestMailDev,
  startTestService,
  type TestService,
} from '@meydan/testing';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { connectSocket, connected, freshDbName, portOf, recordEvents, startNotifications, until } from './support.js';

const id = () => new Types.ObjectId().toString();
type Update = { data: { pollId: string; voteCounts: Record<string, number>; totalVotes: number; countsHidden?: true } };

describe('live counts by result visibility', () => {
  let pollsApp: TestService;
  let notifications: TestService;
  let mail: Awaited<ReturnType<typeof startTestMailDev>>;
  const sockets: Socket[] = [];
  const creator = id();

  const open = async (headers: Record<string, string>) => {
    const socket = connectSocket(portOf(notifications.app), headers);
    sockets.push(socket);
    const seen = recordEvents(socket);
    await connected(socket);
    return { socket, seen };
  };
  const follow = async (socket: Socket, pollId: string) =>
    expect(await socket.timeout(5000).emitWithAck('subscribe_polls', { pollIds: [pollId] })).toEqual({
      subscribed: [pollId],
      refused: [],
    });
  const updatesOf = (seen: { name: string; payload: unknown }[], pollId: string) =>
    seen
      .filter((e) => e.name === 'poll_update')
      .map((e) => e.payload as Update)
      .filter((u) => u.data.pollId === pollId);
  const create = async (resultsVisibility: string) => {
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: {
        title: `Canlı (${resultsVisibility})`,
        category: 'genel',
        options: ['Evet', 'Hayır'],
        resultsVisibility,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Poll).id;
  };
  const vote = async (pollId: string, userId: string, optionIndex: number) => {
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/vote`,
      headers: asMember(userId),
      payload: { optionIndex },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    mail = await startTestMailDev();
    pollsApp = await startTestService('polls', buildPolls);
    notifications = await startNotifications(mail.smtpUrl, { mongoDb: freshDbName(), listen: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await notifications?.close();
    await pollsApp?.close();
    await mail?.stop();
  });

  it('sends an after-close poll’s followers (its creator too) the total only until it is closed, then the counts', async () => {
    const pollId = await create('after-close');
    const visitor = await open(asVisitor());
    const member = await open(asMember(id()));
    const owner = await open(asMember(creator));
    for (const s of [visitor, member, owner]) await follow(s.socket, pollId);

    await vote(pollId, id(), 1);
    await vote(pollId, id(), 1);
    await vote(pollId, id(), 0);
    for (const s of [visitor, member, owner]) {
      await until(() => updatesOf(s.seen, pollId).some((u) => u.data.totalVotes === 3), 10_000, 'the live total');
      // Not one update carried a count: no option, no split, on any socket.
      for (const update of updatesOf(s.seen, pollId)) {
        expect(update).toEqual({
          data: { pollId, voteCounts: {}, totalVotes: update.data.totalVotes, countsHidden: true },
        });
        expect(validate('meydan/socket-poll-update', update).ok).toBe(true);
      }
    }

    const closed = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/close`,
      headers: asMember(creator),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const s of [visitor, member, owner]) {
      await until(() => updatesOf(s.seen, pollId).some((u) => !u.data.countsHidden), 10_000, 'the counts at the end');
      expect(updatesOf(s.seen, pollId).at(-1)).toEqual({ data: { pollId, voteCounts: { 0: 1, 1: 2 }, totalVotes: 3 } });
    }
  });

  it('sends a creator-only poll’s counts to its creator’s sockets only while it is open, and an always poll’s to all', async () => {
    const hidden = await create('creator');
    const shown = await create('always');
    const owner = await open(asMember(creator));
    const member = await open(asMember(id()));
    for (const s of [owner, member]) {
      await follow(s.socket, hidden);
      await follow(s.socket, shown);
    }
    await vote(hidden, id(), 0);
    await vote(shown, id(), 0);
    for (const s of [owner, member]) {
      await until(
        () => updatesOf(s.seen, hidden).length > 0 && updatesOf(s.seen, shown).length > 0,
        10_000,
        'both polls live',
      );
      expect(updatesOf(s.seen, shown).at(-1)).toEqual({
        data: { pollId: shown, voteCounts: { 0: 1, 1: 0 }, totalVotes: 1 },
      });
    }
    expect(updatesOf(owner.seen, hidden).at(-1)).toEqual({
      data: { pollId: hidden, voteCounts: { 0: 1, 1: 0 }, totalVotes: 1 },
    });
    for (const update of updatesOf(member.seen, hidden))
      expect(update).toEqual({ data: { pollId: hidden, voteCounts: {}, totalVotes: 1, countsHidden: true } });
  });

  it('sends an after-vote poll’s counts to no socket of one who has not voted, and to a voter’s from the moment the vote is accepted', async () => {
    const pollId = await create('after-vote');
    const visitor = await open(asVisitor());
    const member = await open(asMember(id()));
    const admin = await open(asAdmin(id()));
    const owner = await open(asMember(creator));
    const voterId = id();
    const voter = await open(asMember(voterId));
    // A second socket of the voter's (another tab) that looked at the poll (its verdict, not voted, is remembered) and
    // stopped following it: told nothing of it until it follows it again.
    const elsewhere = await open(asMember(voterId));
    await follow(elsewhere.socket, pollId);
    expect(await elsewhere.socket.timeout(5000).emitWithAck('unsubscribe_polls', { pollIds: [pollId] })).toMatchObject({
      subscribed: [],
    });
    for (const s of [visitor, member, admin, owner, voter]) await follow(s.socket, pollId);

    await vote(pollId, id(), 1);
    for (const s of [visitor, member, admin, voter]) {
      await until(() => updatesOf(s.seen, pollId).some((u) => u.data.totalVotes === 1), 10_000, 'the live total');
      for (const update of updatesOf(s.seen, pollId))
        expect(update).toEqual({ data: { pollId, voteCounts: {}, totalVotes: 1, countsHidden: true } });
    }
    await until(
      () => updatesOf(owner.seen, pollId).some((u) => u.data.totalVotes === 1),
      10_000,
      'the creator’s counts',
    );
    expect(updatesOf(owner.seen, pollId).at(-1)).toEqual({
      data: { pollId, voteCounts: { 0: 0, 1: 1 }, totalVotes: 1 },
    });

    // The voter's vote is accepted: their following socket gets the counts, and the next votes' too.
    await vote(pollId, voterId, 0);
    await until(() => updatesOf(voter.seen, pollId).some((u) => !u.data.countsHidden), 10_000, 'the voter’s counts');
    expect(updatesOf(voter.seen, pollId).filter((u) => !u.data.countsHidden)[0]).toEqual({
      data: { pollId, voteCounts: { 0: 1, 1: 1 }, totalVotes: 2 },
    });
    await vote(pollId, id(), 1);
    await until(
      () => updatesOf(voter.seen, pollId).some((u) => u.data.totalVotes === 3 && !u.data.countsHidden),
      10_000,
      'the next counts',
    );
    expect(updatesOf(voter.seen, pollId).at(-1)).toEqual({
      data: { pollId, voteCounts: { 0: 1, 1: 2 }, totalVotes: 3 },
    });
    expect(updatesOf(elsewhere.seen, pollId)).toEqual([]);
    // A socket opened after the vote gets them from its subscription on, and so does the other tab following it again.
    const later = await open(asMember(voterId));
    await follow(later.socket, pollId);
    await follow(elsewhere.socket, pollId);
    await vote(pollId, id(), 0);
    for (const s of [visitor, member, admin])
      await until(() => updatesOf(s.seen, pollId).some((u) => u.data.totalVotes === 4), 10_000, 'the fourth total');
    for (const s of [later, elsewhere]) {
      await until(
        () => updatesOf(s.seen, pollId).some((u) => u.data.totalVotes === 4),
        10_000,
        'the later sockets’ counts',
      );
      expect(updatesOf(s.seen, pollId).at(-1)).toEqual({ data: { pollId, voteCounts: { 0: 2, 1: 2 }, totalVotes: 4 } });
    }
    // Not one frame with a count reached those who have not voted.
    for (const s of [visitor, member, admin]) {
      for (const update of updatesOf(s.seen, pollId))
        expect(update.data).toEqual({ pollId, voteCounts: {}, totalVotes: update.data.totalVotes, countsHidden: true });
    }
  });

  it('takes a voter’s sockets out of an after-vote poll’s voters when they take their vote back, and back in when they vote again', async () => {
    const created = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: {
        title: 'Canlı (geri çekilen oy)',
        category: 'genel',
        options: ['Evet', 'Hayır'],
        allowVoteChange: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = (created.json() as Poll).id;
    const voterId = id();
    const voter = await open(asMember(voterId));
    await follow(voter.socket, pollId);
    await vote(pollId, voterId, 0);
    await until(() => updatesOf(voter.seen, pollId).some((u) => !u.data.countsHidden), 10_000, 'the voter’s counts');

    const back = await pollsApp.app.inject({
      method: 'DELETE',
      url: `/api/polls/${pollId}/vote`,
      headers: asMember(voterId),
    });
    expect(back.statusCode, back.body).toBe(200);
    await vote(pollId, id(), 1);
    // The next frames reach the socket as they reach anyone who has not voted: the total alone.
    await until(
      () => updatesOf(voter.seen, pollId).some((u) => u.data.totalVotes === 1 && u.data.countsHidden),
      10_000,
      'the total alone after the take-back',
    );
    const sinceBack = updatesOf(voter.seen, pollId).slice(
      updatesOf(voter.seen, pollId).findIndex((u) => u.data.countsHidden),
    );
    for (const update of sinceBack)
      expect(update).toEqual({
        data: { pollId, voteCounts: {}, totalVotes: update.data.totalVotes, countsHidden: true },
      });
    // Following the poll again (its remembered check said "voted") does not bring the counts back.
    expect(await voter.socket.timeout(5000).emitWithAck('unsubscribe_polls', { pollIds: [pollId] })).toMatchObject({
      subscribed: [],
    });
    await follow(voter.socket, pollId);
    const seenBefore = updatesOf(voter.seen, pollId).length;
    await vote(pollId, id(), 1);
    await until(() => updatesOf(voter.seen, pollId).length > seenBefore, 10_000, 'the next frame');
    for (const update of updatesOf(voter.seen, pollId).slice(seenBefore)) expect(update.data.countsHidden).toBe(true);

    // A vote again: the counts from that moment.
    await vote(pollId, voterId, 1);
    await until(
      () => updatesOf(voter.seen, pollId).at(-1)?.data.countsHidden === undefined,
      10_000,
      'the counts again',
    );
    expect(updatesOf(voter.seen, pollId).at(-1)).toEqual({
      data: { pollId, voteCounts: { 0: 0, 1: 3 }, totalVotes: 3 },
    });
  });

  it('moves a visitor’s socket following a share link among its voters when their vote is accepted', async () => {
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(creator),
      payload: { title: 'Bağlantıyla oy', category: 'genel', options: ['Evet', 'Hayır'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id: pollId, shortUrl } = res.json().poll as Poll;
    const visitorHeaders = identityHeaders({ visitorId: 'live-share-visitor', ip: '10.38.1.1' });
    const voter = await open(visitorHeaders);
    const other = await open(identityHeaders({ visitorId: 'live-share-other', ip: '10.38.1.2' }));
    for (const s of [voter, other]) {
      expect(await s.socket.timeout(5000).emitWithAck('subscribe_polls', { codes: [shortUrl] })).toMatchObject({
        subscribedCodes: [shortUrl],
      });
    }
    const voted = await pollsApp.app.inject({
      method: 'POST',
      url: `/api/s/${shortUrl}/vote`,
      headers: visitorHeaders,
      payload: { optionIndex: 1 },
    });
    expect(voted.statusCode, voted.body).toBe(200);
    await until(() => updatesOf(voter.seen, pollId!).some((u) => !u.data.countsHidden), 10_000, 'the visitor’s counts');
    expect(
      updatesOf(voter.seen, pollId!)
        .filter((u) => !u.data.countsHidden)
        .at(-1),
    ).toEqual({ data: { pollId, voteCounts: { 0: 0, 1: 1 }, totalVotes: 1 } });
    await until(() => updatesOf(other.seen, pollId!).length > 0, 10_000, 'the other visitor’s total');
    for (const update of updatesOf(other.seen, pollId!))
      expect(update).toEqual({ data: { pollId, voteCounts: {}, totalVotes: 1, countsHidden: true } });
  });
});
