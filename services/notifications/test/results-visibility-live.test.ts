/**
 * Result visibility on the socket (issue 27): a poll whose counts its results visibility hides (after-close, creator,
 * until it ends) reaches its followers, the creator included, as totals only; its end brings the counts, and a poll
 * without hidden results keeps its live counts.
 */
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { validate, type Poll } from '@meydan/proto';
import { asMember, asVisitor, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
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
    expect(await socket.timeout(5000).emitWithAck('subscribe_polls', { pollIds: [pollId] })).toEqual({ subscribed: [pollId], refused: [] });
  const updatesOf = (seen: { name: string; payload: unknown }[], pollId: string) =>
    seen.filter((e) => e.name === 'poll_update').map((e) => e.payload as Update).filter((u) => u.data.pollId === pollId);
  const create = async (resultsVisibility: string) => {
    const res = await pollsApp.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: { title: `Canlı (${resultsVisibility})`, category: 'genel', options: ['Evet', 'Hayır'], resultsVisibility },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Poll).id;
  };
  const vote = async (pollId: string, userId: string, optionIndex: number) => {
    const res = await pollsApp.app.inject({ method: 'POST', url: `/api/polls/${pollId}/vote`, headers: asMember(userId), payload: { optionIndex } });
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
        expect(update).toEqual({ data: { pollId, voteCounts: {}, totalVotes: update.data.totalVotes, countsHidden: true } });
        expect(validate('meydan/socket-poll-update', update).ok).toBe(true);
      }
    }

    const closed = await pollsApp.app.inject({ method: 'POST', url: `/api/polls/${pollId}/close`, headers: asMember(creator) });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const s of [visitor, member, owner]) {
      await until(() => updatesOf(s.seen, pollId).some((u) => !u.data.countsHidden), 10_000, 'the counts at the end');
      expect(updatesOf(s.seen, pollId).at(-1)).toEqual({ data: { pollId, voteCounts: { 0: 1, 1: 2 }, totalVotes: 3 } });
    }
  });

  it('keeps a creator-only poll’s counts off every socket while it is open, and an always poll’s on them', async () => {
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
      await until(() => updatesOf(s.seen, hidden).length > 0 && updatesOf(s.seen, shown).length > 0, 10_000, 'both polls live');
      expect(updatesOf(s.seen, hidden).at(-1)).toEqual({ data: { pollId: hidden, voteCounts: {}, totalVotes: 1, countsHidden: true } });
      expect(updatesOf(s.seen, shown).at(-1)).toEqual({ data: { pollId: shown, voteCounts: { 0: 1, 1: 0 }, totalVotes: 1 } });
    }
  });
});
