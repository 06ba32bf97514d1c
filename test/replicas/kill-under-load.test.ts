/**
 * Two processes of every service behind the gateway (as `REPLICAS=2 npm start` runs them), a steady stream of
 * requests touching every service, and `kill -9` of one replica of each service in turn (started again afterwards,
 * as a supervisor or Kubernetes would): the app keeps answering — no read fails, a vote only in the moment of a kill
 * and only one already on its way to the killed process — and every share-link vote accepted during it is counted
 * once (MongoDB = Redis counter = Redis voters = the API = accepted). Two sockets following the share-link poll (one
 * on each notifications process) get its live counts again after the kill, reconnected to whichever process lives.
 */
import { MongoClient, ObjectId } from 'mongodb';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE, VISITOR_COOKIE } from '@meydan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra, until } from '../harness.js';
import { startStack, type Stack } from '../e2e/stack.js';
import { call, createMember, createPoll, signInStaff, type Member } from '../e2e/support.js';
import { busyFor } from '../quiet.js';

/** Failed votes (5xx or no answer) allowed per kill: those already on their way to the killed process. */
const MAX_FAILURES_PER_KILL = 3;
/** How long after a kill a failure still counts as the kill's (requests in flight, NATS requests timing out). */
const KILL_WINDOW_MS = 5_000;
/** Requests answered before a kill, between a kill and the restart, and after the restart. */
const ANSWERS_BETWEEN_STEPS = 25;
/** Pause of each of the load's workers between two requests: a steady stream, not a flood of the shared machine. */
const PACE_MS = 40;
const WORKERS = 3;

interface Answer {
  at: number;
  kind: string;
  status: number;
  voter?: string;
}

let stack: Stack;
let creator: Member;
let follower: Member;
let adminSid: string;
let poll: { id: string };
let share: { id: string; code: string };

beforeAll(async () => {
  stack = await startStack({
    replicas: 2,
    env: {
      RATE_LIMIT_SCALE: '1000',
      SHARE_VOTE_IP_LIMIT: '1000000',
      SHARE_VOTE_BROWSERS_PER_IP: '1000000',
      // Votes the killed polls process had fetched but not stored go to the other one once their acknowledgement is
      // overdue: after 10 s here rather than the production minute, which the test waited out (about 45 s) whenever the
      // kill caught a batch. What is proven is the same: each such vote stored once.
      VOTES_ACK_WAIT_MS: '10000',
    },
  });
  creator = await createMember(stack, 'kopya', 'İki Kopya');
  follower = await createMember(stack, 'takipci', 'Takip Eden');
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
  poll = await createPoll(stack, creator, { title: 'Hangisi dayanıklı?', category: 'genel', options: ['Bir', 'İki'] });
  const shared = await call<{ poll: { id: string }; shareUrl: string }>(stack, 'POST', '/api/polls/shareable', {
    sid: creator.sid,
    body: {
      title: 'Paylaşılan anket',
      category: 'genel',
      options: ['Evet', 'Hayır', 'Belki'],
      type: 'public',
      description: null,
      durationHours: 24,
    },
  });
  expect(shared.status).toBe(201);
  share = { id: shared.body.poll.id, code: shared.body.shareUrl.split('/').pop()! };
  expect((await call(stack, 'POST', `/api/users/${creator.id}/follow`, { sid: follower.sid })).status).toBeLessThan(
    300,
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

async function send(
  path: string,
  options: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<Response | null> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`${stack.origin}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
}

/** One request of each kind in turn: together they reach every service. A share-link vote is a fresh visitor's. */
function requestsOf(record: (answer: Answer) => void): (() => Promise<void>)[] {
  const member = `${SESSION_COOKIE}=${follower.sid}`;
  const get = (kind: string, path: string, cookie?: string) => async () => {
    const res = await send(path, cookie ? { cookie } : {});
    await res?.arrayBuffer();
    record({ at: Date.now(), kind, status: res?.status ?? 0 });
  };
  let option = 0;
  const shareVote = async () => {
    const page = await send(`/api/s/${share.code}`);
    await page?.arrayBuffer();
    const vid = new RegExp(`(?:^|,\\s*)${VISITOR_COOKIE}=([^;]+)`).exec(page?.headers.get('set-cookie') ?? '')?.[1];
    record({ at: Date.now(), kind: 'share page', status: page?.status ?? 0 });
    if (!page?.ok || !vid) return;
    const vote = await send(`/api/s/${share.code}/vote`, {
      method: 'POST',
      cookie: `${VISITOR_COOKIE}=${vid}`,
      body: { optionIndex: option++ % 3 },
    });
    await vote?.arrayBuffer();
    record({
      at: Date.now(),
      kind: 'share vote',
      status: vote?.status ?? 0,
      voter: `v:${decodeURIComponent(vid).split('.')[0]}`,
    });
  };
  return [
    get('feed', '/api/polls'),
    shareVote,
    get('poll', `/api/polls/${poll.id}`, member),
    get('profile', `/api/users/${creator.id}`),
    get('session', '/api/auth/session', member),
    get('is following', `/api/users/${creator.id}/is-following`, member),
    shareVote,
    get('followers', `/api/users/${creator.id}/followers`, member),
    get('notifications count', '/api/notifications/unread-count', `${SESSION_COOKIE}=${creator.sid}`),
    get('contact challenge', '/api/contact/challenge'),
    get('admin stats', '/api/admin/stats', `${SESSION_COOKIE}=${adminSid}`),
  ];
}

/** A visitor's socket through the gateway that follows the share-link poll, again after every reconnection. */
function followingSocket(updates: number[]): Socket {
  const socket = io(stack.origin, {
    path: '/ws',
    transports: ['websocket'],
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  socket.on('connect', () => socket.emit('subscribe_polls', { codes: [share.code] }));
  socket.on('poll_update', () => updates.push(Date.now()));
  return socket;
}

describe('one replica of each service killed under load', () => {
  it('keeps the app answering and counts every accepted vote once', { timeout: 600_000 }, async () => {
    // The gateway takes turns: the two sockets land on the two notifications processes.
    const updates: number[][] = [[], []];
    const sockets = updates.map((mine) => followingSocket(mine));
    const answers: Answer[] = [];
    const requests = requestsOf((answer) => answers.push(answer));
    let running = true;
    let turn = 0;
    const worker = async () => {
      while (running) {
        await requests[turn++ % requests.length]!();
        await busyFor(PACE_MS); // paces the load
      }
    };
    const load = Array.from({ length: WORKERS }, worker);
    const answered = (count: number) => {
      const target = answers.length + count;
      return until(() => answers.length >= target, 120_000, `${count} more answers`);
    };

    const kills: { name: string; at: number }[] = [];
    let notificationsBack = 0;
    try {
      await until(() => sockets.every((socket) => socket.connected), 30_000, 'sockets connected');
      await answered(ANSWERS_BETWEEN_STEPS);
      const services = [...new Set(stack.instances.map((i) => i.service))];
      for (const [n, service] of services.entries()) {
        // Now the first replica, now the second: neither is special.
        const name = stack.instances.filter((i) => i.service === service)[n % 2]!.name;
        kills.push({ name, at: Date.now() });
        await stack.kill(name);
        await answered(ANSWERS_BETWEEN_STEPS);
        await stack.restart(name);
        if (service === 'notifications') notificationsBack = Date.now();
        await answered(ANSWERS_BETWEEN_STEPS);
      }
      // Votes keep coming: both sockets hear of them again, whichever process each is connected to now.
      await until(
        () => updates.every((mine) => mine.some((at) => at > notificationsBack)),
        30_000,
        'live counts on both sockets',
      );
    } finally {
      running = false;
      await Promise.all(load);
      for (const socket of sockets) socket.disconnect();
    }

    const failed = (a: Answer) => a.status >= 500 || a.status === 0;
    const killOf = (a: Answer) => kills.find((k) => a.at >= k.at && a.at <= k.at + KILL_WINDOW_MS);
    const describeAll = (list: Answer[]) => list.map((a) => `${a.kind} ${a.status} at +${a.at - kills[0]!.at} ms`);
    // A read that met the killed replica is answered by the other one (the gateway asks it instead).
    expect(describeAll(answers.filter((a) => failed(a) && a.kind !== 'share vote')), 'reads that failed').toEqual([]);
    // A vote is never sent twice by the gateway: one already on its way to the killed process may fail, no other.
    expect(
      describeAll(answers.filter((a) => failed(a) && !killOf(a))),
      'failed outside the moments of the kills',
    ).toEqual([]);
    for (const kill of kills) {
      const mine = answers.filter((a) => failed(a) && killOf(a) === kill);
      expect(mine.length, `failed at the kill of ${kill.name}: ${describeAll(mine).join('; ')}`).toBeLessThanOrEqual(
        MAX_FAILURES_PER_KILL,
      );
    }
    // Every kind of request was answered after every kill (the service kept answering from its other replica).
    for (const kind of new Set(answers.map((a) => a.kind))) {
      expect(
        answers.some((a) => a.kind === kind && a.status < 400 && a.at > kills.at(-1)!.at),
        kind,
      ).toBe(true);
    }

    // Votes: every accepted one stored once, none stored that was refused; the counters agree.
    const votes = answers.filter((a) => a.kind === 'share vote');
    const accepted = new Set(votes.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.voter!));
    // A vote whose connection the kill cut (no answer, or the gateway's 5xx for it) may or may not have been stored.
    const uncertain = new Set(votes.filter((a) => a.status === 0 || a.status >= 500).map((a) => a.voter!));
    expect(accepted.size).toBeGreaterThan(ANSWERS_BETWEEN_STEPS);
    const { mongoUrl, redisUrl } = infra();
    const mongo = await new MongoClient(mongoUrl).connect();
    const redis = new Redis(redisUrl);
    try {
      const stored = mongo.db(stack.databases.polls).collection<{ voter: string }>('votes');
      const byVoter = async () => {
        const docs = await stored.find({ pollId: new ObjectId(share.id) }, { projection: { voter: 1 } }).toArray();
        return docs.map((d) => d.voter);
      };
      // The vote consumer writes MongoDB after the answer: wait until it has caught up with every vote Redis counted,
      // the accepted ones and any whose answer the kill cut (published by the pending-votes job once its grace is over).
      await until(
        async () => {
          const voters = new Set(await byVoter());
          const counted = await redis.hkeys(`polls:poll:{${share.id}}:v`);
          return [...accepted].every((v) => voters.has(v)) && counted.every((v) => voters.has(v));
        },
        60_000,
        'every counted vote in MongoDB',
      );
      const voters = await byVoter();
      expect(voters.length, 'no voter twice').toBe(new Set(voters).size);
      expect(
        voters.filter((v) => !accepted.has(v) && !uncertain.has(v)),
        'stored although refused',
      ).toEqual([]);
      const counter = Number(await redis.hget(`polls:poll:{${share.id}}:c`, 't'));
      const redisVoters = await redis.hlen(`polls:poll:{${share.id}}:v`);
      const api = await call<{ totalVotes: number }>(stack, 'GET', `/api/polls/${share.id}`, { sid: creator.sid });
      expect(voters.length - accepted.size).toBeLessThanOrEqual(uncertain.size);
      expect({ mongo: voters.length, counter, redisVoters, api: api.body.totalVotes }).toEqual({
        mongo: voters.length,
        counter: voters.length,
        redisVoters: voters.length,
        api: voters.length,
      });
    } finally {
      redis.disconnect();
      await mongo.close();
    }
  });
});
