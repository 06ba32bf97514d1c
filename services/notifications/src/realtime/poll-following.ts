import type { Socket } from 'socket.io';
import {
  getValidator,
  validate,
  notificationLimits,
  notificationMessages as M,
  subjects,
  type PollSubscription,
  type PollSubscriptionResult,
} from '@meydan/proto';
import { HttpError, type Bus, type Logger } from '@meydan/kit';
import { clientEvents, pollCreatorRoom, pollRoom, pollVotersRoom, serverEvents } from './events.js';

type Ack = (result: PollSubscriptionResult) => void;
type Target = { pollId: string } | { shortUrl: string };

/** How long a socket remembers a poll check's verdict: following a poll again that soon asks polls nothing. */
const VERDICT_MEMORY_MS = 60_000;

/**
 * A sliding window of calls: `take(n)` counts n calls when they fit in `max` per `windowMs` and answers 0, or answers
 * the seconds to wait (and counts nothing).
 */
function callWindow(max: number, windowMs: number) {
  const calls: number[] = [];
  return {
    take(n = 1): number {
      const now = Date.now();
      while (calls.length && calls[0]! <= now - windowMs) calls.shift();
      if (calls.length + n > max) {
        const freedAt = calls[Math.min(calls.length - 1, calls.length + n - max - 1)] ?? now;
        return Math.max(1, Math.ceil((freedAt + windowMs - now) / 1000));
      }
      for (let i = 0; i < n; i++) calls.push(now);
      return 0;
    },
  };
}

/** At most this many polls a socket's viewer voted on while it was open are kept with it (the latest ones). */
const VOTED_KEPT = 500;

/**
 * The polls this socket's viewer voted on while it was open (`live.polls.voted`, realtime/server.ts): a poll check's
 * remembered verdict predates such a vote, so following the poll again puts the socket among its voters all the same.
 */
export function votedHere(socket: Pick<Socket, 'data'>): Set<string> {
  const data = socket.data as { votedPolls?: Set<string> };
  data.votedPolls ??= new Set<string>();
  return data.votedPolls;
}

/**
 * The polls whose vote this socket's viewer took back while it was open: a remembered verdict ("voted") predates it, so
 * following the poll again does not put the socket among its voters.
 */
function takenBackHere(socket: Pick<Socket, 'data'>): Set<string> {
  const data = socket.data as { takenBackPolls?: Set<string> };
  data.takenBackPolls ??= new Set<string>();
  return data.takenBackPolls;
}

const keep = (marks: Set<string>, pollId: string) => {
  marks.add(pollId);
  if (marks.size > VOTED_KEPT) marks.delete(marks.values().next().value!);
};

/** Marks a poll voted on for this socket (the oldest mark goes past VOTED_KEPT). */
export function markVoted(socket: Pick<Socket, 'data'>, pollId: string): void {
  takenBackHere(socket).delete(pollId);
  keep(votedHere(socket), pollId);
}

/** Marks a poll whose vote was taken back for this socket. */
export function markTakenBack(socket: Pick<Socket, 'data'>, pollId: string): void {
  votedHere(socket).delete(pollId);
  keep(takenBackHere(socket), pollId);
}

/** Whether the socket's viewer counts among a poll's voters: by the poll check, then what happened since on this socket. */
const amongVoters = (socket: Pick<Socket, 'data'>, pollId: string, checkedVoted: boolean) =>
  votedHere(socket).has(pollId) || (checkedVoted && !takenBackHere(socket).has(pollId));

/** What a poll check found: the poll the target stands for when visible (else null), and the viewer's groups in it. */
type Verdict = { pollId: string | null; voted: boolean; creator: boolean };

const targetKey = (target: Target) => ('pollId' in target ? `id:${target.pollId}` : `code:${target.shortUrl}`);

/**
 * The polls one socket follows live, by id or by share code, with its budgets: subscribe and unsubscribe calls per
 * window, poll checks (each a request to polls) per minute, and polls per socket.
 */
export class PollFollowing {
  private readonly validSubscription = getValidator('meydan/poll-subscription');
  // Share codes this socket follows, with the poll each stands for (the room is the poll's).
  private readonly followedCodes = new Map<string, string>();
  // Polls this socket follows by id (a room may be held by id and by a code at once; leaving one keeps the other).
  private readonly followedIds = new Set<string>();
  // Polls being checked right now count against the cap too, so concurrent calls cannot pass it together.
  private joining = 0;
  private readonly subscribeCalls = callWindow(
    notificationLimits.subscribeCallsPerWindow,
    notificationLimits.subscribeWindowMs,
  );
  private readonly unsubscribeCalls = callWindow(
    notificationLimits.subscribeCallsPerWindow,
    notificationLimits.subscribeWindowMs,
  );
  private readonly pollChecks = callWindow(notificationLimits.pollChecksPerMinute, 60_000);
  // Recent verdicts by target (`id:<pollId>`, `code:<code>`): the poll it stands for when visible, else null, and
  // whether the viewer voted on it or made it.
  private readonly verdicts = new Map<string, Verdict & { until: number }>();

  constructor(
    private readonly socket: Socket,
    private readonly userId: string | null,
    private readonly visitorId: string | null,
    private readonly requestId: string,
    private readonly bus: Bus,
    private readonly log: Logger,
  ) {}

  /** Listens for the socket's subscribe and unsubscribe calls. */
  listen(): void {
    this.socket.on(clientEvents.subscribePolls, (payload: unknown, ack?: unknown) => this.subscribe(payload, ack));
    this.socket.on(clientEvents.unsubscribePolls, (payload: unknown, ack?: unknown) => this.unsubscribe(payload, ack));
  }

  private async subscribe(payload: unknown, ack: unknown): Promise<void> {
    const wait = this.subscribeCalls.take();
    if (wait > 0) return this.tooOften(clientEvents.subscribePolls, ack, wait, M.subscribingTooOften);
    if (!this.validSubscription(payload)) return this.refuseInvalid(ack, payload);
    const wanted = [...new Set(payload.pollIds ?? [])];
    const wantedCodes = [...new Set(payload.codes ?? [])];
    const fresh = wanted.filter((id) => !this.socket.rooms.has(pollRoom(id)));
    const freshCodes = wantedCodes.filter((code) => !this.followedCodes.has(code));
    const adding = fresh.length + freshCodes.length;
    if (this.followedCount() + this.joining + adding > notificationLimits.pollsPerSocket) {
      return this.answer(ack, {
        subscribed: [],
        refused: wanted,
        ...(wantedCodes.length ? { subscribedCodes: [], refusedCodes: wantedCodes } : {}),
        error: 'validation',
        message: M.tooManySubscriptions,
      });
    }
    // Each poll not checked in the last minute costs polls a request: at most pollChecksPerMinute of them a minute.
    const unchecked = [...fresh.map((pollId) => ({ pollId })), ...freshCodes.map((shortUrl) => ({ shortUrl }))].filter(
      (t) => !this.remembered(t),
    );
    const checkWait = unchecked.length ? this.pollChecks.take(unchecked.length) : 0;
    if (checkWait > 0) return this.tooOften(clientEvents.subscribePolls, ack, checkWait, M.checkingTooMany);
    this.joining += adding;
    const subscribed: string[] = wanted.filter((id) => this.socket.rooms.has(pollRoom(id)));
    for (const pollId of subscribed) this.followedIds.add(pollId);
    const subscribedCodes: string[] = wantedCodes.filter((code) => this.followedCodes.has(code));
    let unavailable = false;
    try {
      unavailable = await this.joinVisible(fresh, freshCodes, subscribed, subscribedCodes);
    } finally {
      this.joining -= adding;
    }
    const result: PollSubscriptionResult = {
      subscribed: wanted.filter((id) => subscribed.includes(id)),
      refused: wanted.filter((id) => !subscribed.includes(id)),
    };
    if (wantedCodes.length) {
      result.subscribedCodes = wantedCodes.filter((code) => subscribedCodes.includes(code));
      result.refusedCodes = wantedCodes.filter((code) => !subscribedCodes.includes(code));
    }
    if (unavailable)
      Object.assign(result, {
        error: 'service_unavailable',
        message: new HttpError(503, 'service_unavailable').message,
      });
    this.answer(ack, result);
  }

  /**
   * Joins the rooms of the fresh polls and codes the viewer may see, adding each to `subscribed` or `subscribedCodes`;
   * answers whether polls was unavailable for one of them.
   */
  private async joinVisible(
    fresh: string[],
    freshCodes: string[],
    subscribed: string[],
    subscribedCodes: string[],
  ): Promise<boolean> {
    let unavailable = false;
    const check = async (target: Target, onVisible: (pollId: string) => void) => {
      try {
        const known = this.remembered(target);
        const verdict = known ? { ...known, lasting: true } : await this.viewablePoll(target);
        // A no that the member's own vote would turn into a yes is not remembered: they may vote and follow at once.
        if (!known && verdict.lasting) this.remember(target, verdict);
        const { pollId } = verdict;
        if (!pollId) return;
        // Its voters' and creator's rooms first: the counts they may get never reach it as the others' total only.
        const groups = [
          ...(amongVoters(this.socket, pollId, verdict.voted) ? [pollVotersRoom(pollId)] : []),
          ...(verdict.creator ? [pollCreatorRoom(pollId)] : []),
        ];
        await this.socket.join([...groups, pollRoom(pollId)]);
        onVisible(pollId);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 503) unavailable = true;
        else this.log.warn({ err, ...target }, 'poll visibility check failed');
      }
    };
    await Promise.all([
      ...fresh.map((pollId) =>
        check({ pollId }, () => {
          this.followedIds.add(pollId);
          subscribed.push(pollId);
        }),
      ),
      ...freshCodes.map((code) =>
        check({ shortUrl: code }, (pollId) => {
          this.followedCodes.set(code, pollId);
          subscribedCodes.push(code);
        }),
      ),
    ]);
    return unavailable;
  }

  private async unsubscribe(payload: unknown, ack: unknown): Promise<void> {
    const wait = this.unsubscribeCalls.take();
    if (wait > 0) return this.tooOften(clientEvents.unsubscribePolls, ack, wait, M.subscribingTooOften);
    if (!this.validSubscription(payload)) return this.refuseInvalid(ack, payload);
    await this.leave(payload);
    const subscribed = [...this.socket.rooms].filter((room) => room.startsWith('poll:')).map((room) => room.slice(5));
    this.answer(ack, {
      subscribed,
      refused: [],
      ...(payload.codes ? { subscribedCodes: [...this.followedCodes.keys()], refusedCodes: [] } : {}),
    });
  }

  /** Leaves the rooms of the polls and codes named, each unless the socket still follows its poll another way. */
  private async leave(payload: PollSubscription): Promise<void> {
    for (const pollId of payload.pollIds ?? []) {
      this.followedIds.delete(pollId);
      if (!this.stillWanted(pollId)) await this.leavePoll(pollId);
    }
    for (const code of payload.codes ?? []) {
      const pollId = this.followedCodes.get(code);
      this.followedCodes.delete(code);
      if (pollId && !this.stillWanted(pollId)) await this.leavePoll(pollId);
    }
  }

  /** Leaves a poll's room and its voters' and creator's. */
  private async leavePoll(pollId: string): Promise<void> {
    for (const room of [pollRoom(pollId), pollVotersRoom(pollId), pollCreatorRoom(pollId)])
      await this.socket.leave(room);
  }

  /** The poll a target stands for when the viewer may follow it, else null; `lasting` false when a vote may change that. */
  private async viewablePoll(target: Target): Promise<Verdict & { lasting: boolean }> {
    const request = { ...target, userId: this.userId, ...(this.userId ? {} : { visitorId: this.visitorId }) };
    const answer = await this.bus.request(subjects.polls.canView, request, { requestId: this.requestId }, 1500);
    const pollId = answer.visible === true && typeof answer.pollId === 'string' ? answer.pollId : null;
    return {
      pollId,
      voted: pollId !== null && answer.voted === true,
      creator: pollId !== null && answer.creator === true,
      lasting: answer.untilVote !== true,
    };
  }

  private stillWanted(pollId: string): boolean {
    return this.followedIds.has(pollId) || [...this.followedCodes.values()].includes(pollId);
  }

  private followedCount(): number {
    return [...this.socket.rooms].filter((room) => room.startsWith('poll:')).length;
  }

  private remember(target: Target, { pollId, voted, creator }: Verdict): void {
    const now = Date.now();
    // At most a minute's checks are remembered (pollChecksPerMinute): the expired ones go before the map grows past that.
    if (this.verdicts.size >= notificationLimits.pollChecksPerMinute)
      for (const [key, v] of this.verdicts) if (v.until <= now) this.verdicts.delete(key);
    this.verdicts.set(targetKey(target), { pollId, voted, creator, until: now + VERDICT_MEMORY_MS });
  }

  private remembered(target: Target) {
    const verdict = this.verdicts.get(targetKey(target));
    return verdict && verdict.until > Date.now() ? verdict : undefined;
  }

  private answer(ack: unknown, result: PollSubscriptionResult): void {
    if (typeof ack === 'function') (ack as Ack)(result);
    else this.socket.emit(serverEvents.subscribeResult, result);
  }

  private refuseInvalid(ack: unknown, payload: unknown): void {
    const checked = validate('meydan/poll-subscription', payload);
    this.answer(ack, {
      subscribed: [],
      refused: [],
      error: 'validation',
      message: checked.ok ? M.pollsInvalid : checked.message,
    });
  }

  private tooOften(event: string, ack: unknown, wait: number, message: string): void {
    this.log.warn({ requestId: this.requestId, socketId: this.socket.id }, `${event} throttled`);
    this.answer(ack, { subscribed: [], refused: [], error: 'rate_limited', message, retryAfter: wait });
  }
}
