/** What the polls suites share: the app against the test servers, members' headers, polls made through the API. */
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { FastifyInstance } from 'fastify';
import type { Poll, PollCreateInput } from '@meydan/proto';
import type { BaseConfig, Logger } from '@meydan/kit';
import { asMember, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { Types } from 'mongoose';
import { buildApp } from '../src/app.js';
import type { PollsConfig } from '../src/config.js';

export type PollsTestService = TestService & { app: FastifyInstance };

export function startPolls(config: Partial<PollsConfig> = {}, log?: Logger): Promise<PollsTestService> {
  return startTestService('polls', buildApp, {
    config: config as Partial<BaseConfig>,
    ...(log ? { log } : {}),
  }) as Promise<PollsTestService>;
}

/** A member id as auth would make one (for tests that need no profile). */
export const newUserId = (): string => new Types.ObjectId().toHexString();

export const validPoll = (over: Partial<PollCreateInput> = {}): PollCreateInput => ({
  title: 'Hangisi daha iyi?',
  category: 'teknoloji-ai',
  options: ['Kedi', 'Köpek'],
  ...over,
});

export async function createPoll(
  app: FastifyInstance,
  userId: string,
  over: Partial<PollCreateInput> = {},
  path: '/api/polls' | '/api/polls/shareable' = '/api/polls',
): Promise<Poll> {
  const res = await app.inject({ method: 'POST', url: path, headers: asMember(userId), payload: validPoll(over) });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return path === '/api/polls' ? body : body.poll;
}

/**
 * `who` follows `whom` through the real social service (both ways: mutual followers, a friends' circle): whether they
 * now follow (false while a private member's approval is awaited).
 */
export async function follow(
  social: { app: FastifyInstance },
  who: { id: string },
  whom: { id: string },
): Promise<boolean> {
  const res = await social.app.inject({
    method: 'POST',
    url: `/api/users/${whom.id}/follow`,
    headers: asMember(who.id),
  });
  if (res.statusCode !== 200) throw new Error(`follow failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { following: boolean }).following;
}

/** `who` blocks or mutes `whom` (POST), or undoes it (DELETE), through the real social service. */
export async function hideAct(
  social: { app: FastifyInstance },
  method: 'POST' | 'DELETE',
  verb: 'block' | 'mute',
  who: { id: string },
  whom: { id: string },
): Promise<void> {
  const res = await social.app.inject({ method, url: `/api/users/${whom.id}/${verb}`, headers: asMember(who.id) });
  if (res.statusCode !== 200) throw new Error(`${method} ${verb} failed: ${res.statusCode} ${res.body}`);
}

export async function vote(app: FastifyInstance, pollId: string, userId: string, optionIndex: number) {
  return app.inject({
    method: 'POST',
    url: `/api/polls/${pollId}/vote`,
    headers: asMember(userId),
    payload: { optionIndex },
  });
}

/** A member's ballot as the vote's body gives it (`{optionIndexes}`, `{ranking}`, …) on a poll by id. */
export function castBallot(app: FastifyInstance, pollId: string, userId: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/polls/${pollId}/vote`, headers: asMember(userId), payload });
}

/** A poll by id as a member reads it. */
export async function readPoll(app: FastifyInstance, pollId: string, userId: string): Promise<Poll> {
  return (await app.inject({ url: `/api/polls/${pollId}`, headers: asMember(userId) })).json();
}

export const asShareVisitor = (visitorId: string, ip = '10.9.8.7') => identityHeaders({ visitorId, ip });

export { until } from '@meydan/testing';

/** Collects messages of a NATS subject (JetStream events reach core subscribers too). */
export function collect<T = Record<string, unknown>>(nc: NatsConnection, subject: string) {
  const codec = JSONCodec<T>();
  const received: { subject: string; data: T; at: number }[] = [];
  const sub: Subscription = nc.subscribe(subject, {
    callback: (_err, msg) => received.push({ subject: msg.subject, data: codec.decode(msg.data), at: Date.now() }),
  });
  return { received, stop: () => sub.unsubscribe(), flush: () => nc.flush() };
}

/** Moves a poll's end into the past (an expiry never changes in the product; tests move it to test ending). */
export async function endNow(app: FastifyInstance, pollId: string): Promise<void> {
  const { Poll, PollRank } = app.polls.models;
  const expiresAt = new Date(Date.now() - 1000);
  await Poll.updateOne({ _id: pollId }, { $set: { expiresAt } });
  await PollRank.updateOne({ _id: pollId }, { $set: { expiresAt } });
  await app.polls.polls.forgetMeta(pollId);
  await rewritten(app, pollId);
}

/** A test rewrote a poll's records behind the service's back: its cached document and its timeline entries follow. */
export async function rewritten(app: FastifyInstance, pollId: string): Promise<void> {
  await app.polls.polls.forgetDoc(pollId);
  const rank = await app.polls.models.PollRank.findById(pollId).lean();
  if (rank) await app.polls.timelines.add(rank);
}
