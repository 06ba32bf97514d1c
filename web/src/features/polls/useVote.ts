import { useState } from 'react';
import type { Poll, VoteResult } from '@meydan/proto';
import { useAppDispatch, type AppDispatch } from '../../store/store';
import { useMemberGate } from '../session/sessionApi';
import { pollsApi } from './pollsApi';

export interface VoteVia {
  /** Through this share link (its page, its embed), without an account; left out: a member's vote by the poll's id. */
  code?: string | undefined;
  /** The embed: each outcome of a vote through the link told in this one line instead of a toast. */
  line?: ((message: string) => void) | undefined;
}

/** What is on its way: a vote (and the option clicked) or a change. */
interface Busy {
  kind: 'cast' | 'change';
  option: number | null;
}

/** A member's vote; a refusal is toasted and the ballot shown at once taken back by the endpoint (pollsApi). */
async function castAsMember(
  dispatch: AppDispatch,
  args: { pollId: string; optionIndex: number; optionIndexes?: number[]; ranking?: number[] },
) {
  const request = dispatch(pollsApi.endpoints.vote.initiate(args));
  await request;
  request.reset();
}

/**
 * The one way a poll is voted on, by every card and page: `cast` (one option, or a multiple-choice poll's ballot),
 * `change` (a new ballot, or null to take the vote back), and what is on its way (`voting`, `pending`: the option
 * clicked, `changing`). A member's vote asks a visitor to sign in first. The answer enters the poll held in
 * store/pollsSlice, so every list showing it follows. The outcomes are told in the Turkish words each place used:
 * toasts, or the embed's one line (`via.line`).
 */
export function useVote(poll: Pick<Poll, 'id'>, via: VoteVia = {}) {
  const dispatch = useAppDispatch();
  const gate = useMemberGate();
  const [busy, setBusy] = useState<Busy | null>(null);
  const { code, line } = via;

  async function run<T>(next: Busy, request: () => Promise<T>): Promise<T> {
    setBusy(next);
    try {
      return await request();
    } finally {
      setBusy(null);
    }
  }

  /**
   * Resolves with the answer of a vote through the link (a member's vote: undefined). A ranked poll's ballot is its
   * `ranking` (most preferred first; optionIndex its first).
   */
  async function cast(
    optionIndex: number,
    optionIndexes?: number[],
    ranking?: number[],
  ): Promise<VoteResult | undefined> {
    const ballot = {
      pollId: poll.id,
      optionIndex,
      ...(ranking ? { ranking } : optionIndexes ? { optionIndexes } : {}),
    };
    const started: Busy = { kind: 'cast', option: optionIndex };
    if (code === undefined) {
      gate('vote', () => void run(started, () => castAsMember(dispatch, ballot)));
      return undefined;
    }
    // Loaded with the first vote through a link: the first load of / carries none of it.
    return run(started, async () =>
      (await import('./voteRequests')).castThroughLink(dispatch, { ...ballot, code }, line),
    );
  }

  async function change(optionIndexes: number[] | null): Promise<void> {
    const requests = await import('./voteRequests');
    await run({ kind: 'change', option: null }, () =>
      requests.changeBallot(dispatch, { pollId: poll.id, code, line }, optionIndexes),
    );
  }

  const voting = busy?.kind === 'cast';
  return { cast, change, voting, pending: voting ? busy.option : null, changing: busy?.kind === 'change' };
}
