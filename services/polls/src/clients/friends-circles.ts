/**
 * What a Dost Meclisi card shows of its creator's circle: how many mutual followers the creator has, how many of them
 * voted, and the few the card names (the first who voted, then the first who have not, as many as it has avatars
 * for). The same for every viewer of the poll, so it is kept here for a moment: a friends feed page names up to twenty
 * such polls, each creator with a hundred or more mutuals, and members of one circle read the same polls. A vote cast
 * through this process drops the poll's copy at once; through another replica it shows within CIRCLE_TTL_MS.
 */
import { limits } from '@meydan/proto';
import { TtlCache, type RequestIdSource } from '@meydan/kit';
import type { PollDoc } from '../model/index.js';
import type { People } from './people.js';

/** What a circle is counted from: which of the friends voted on the poll (counting/vote-counters.ts's step). */
export interface VoteCounters {
  votedAmong(pollId: string, voters: readonly string[]): Promise<boolean[]>;
}

export const CIRCLE_TTL_MS = 2_000;

export interface Circle {
  /** The friends the card names, in its order, and whether each voted. */
  shown: { id: string; hasVoted: boolean }[];
  /** The creator's mutual followers. */
  count: number;
  /** ... and how many of them voted. */
  votedCount: number;
}

export class FriendsCircles {
  private readonly kept = new TtlCache<Circle>(CIRCLE_TTL_MS, 20_000);

  constructor(
    private readonly people: People,
    private readonly counters: Pick<VoteCounters, 'votedAmong'>,
  ) {}

  /** The circle of each friends poll among `docs`, by poll id. */
  async of(docs: readonly PollDoc[], source?: RequestIdSource): Promise<Map<string, Circle>> {
    const circles = new Map<string, Circle>();
    const missing = docs.filter((d) => {
      if (d.type !== 'friends') return false;
      const kept = this.kept.get(String(d._id));
      if (kept) circles.set(String(d._id), kept);
      return !kept;
    });
    if (missing.length === 0) return circles;
    const creators = [...new Set(missing.map((d) => d.creatorId))];
    const mutualsOf = new Map(
      await Promise.all(
        creators.map(async (c) => [c, await this.people.mutualsShown(c, source).catch((): string[] => [])] as const),
      ),
    );
    await Promise.all(
      missing.map(async (d) => {
        const id = String(d._id);
        const friendIds = mutualsOf.get(d.creatorId) ?? [];
        const voted = await this.counters.votedAmong(
          id,
          friendIds.map((f) => `u:${f}`),
        );
        const circle = circleOf(friendIds, voted);
        this.kept.set(id, circle);
        circles.set(id, circle);
      }),
    );
    return circles;
  }

  /** A vote on the poll changed who voted. */
  forget(pollId: string): void {
    this.kept.delete(pollId);
  }
}

/** The circle of `friendIds`, `voted[i]` saying whether the i-th voted. */
export function circleOf(friendIds: readonly string[], voted: readonly boolean[]): Circle {
  const votedShown: Circle['shown'] = [];
  const waitingShown: Circle['shown'] = [];
  let votedCount = 0;
  friendIds.forEach((id, i) => {
    if (voted[i]) {
      votedCount += 1;
      if (votedShown.length < limits.poll.friendsVotedAvatars) votedShown.push({ id, hasVoted: true });
    } else if (waitingShown.length < limits.poll.friendsUnvotedAvatars) {
      waitingShown.push({ id, hasVoted: false });
    }
  });
  return { shown: [...votedShown, ...waitingShown], count: friendIds.length, votedCount };
}
