/**
 * The polls service's Redis keys (ioredis adds the `polls:` prefix). A poll's keys share a hash tag, so its Lua
 * steps stay on one node of a cluster.
 */
import { peopleKeys } from '../clients/people.js';

export const keys = {
  /** Hash: option index → votes, `t` total, `pv` share-link visitor votes. */
  counts: (pollId: string) => `poll:{${pollId}}:c`,
  /** Hash: voter (`u:<userId>` / `v:<visitorId>`) → chosen option index. */
  voters: (pollId: string) => `poll:{${pollId}}:v`,
  /**
   * Hash, on a poll that allows changing a vote: voter → `<seq>|<ballot before>` of their last change (seq strictly
   * increasing, see counting/vote-changes.ts; the first vote is 0 and leaves no entry). Lives as long as the counters; rebuilt from MongoDB's vote_sequences.
   */
  seqs: (pollId: string) => `poll:{${pollId}}:s`,
  /** Hash: `<from ballot>><to ballot>` ("0>1", "0,2>", ">1") → how many changes moved so (the flows; nobody named). */
  flows: (pollId: string) => `poll:{${pollId}}:f`,
  /** One voter's vote changes on one poll in the current window (changing back and forth is limited). */
  voteChangeRate: (pollId: string, voter: string) => `rl:vc:{${pollId}}:${voter}`,
  /** Hash: `l` likes, `c` comments, `s` shares (exact, rebuilt from their collections when missing). */
  engagement: (pollId: string) => `poll:{${pollId}}:e`,
  /** Set: everyone (`u:<userId>` / `v:<visitorId>`) whose share of the poll was counted. */
  sharers: (pollId: string) => `poll:{${pollId}}:sh`,
  /**
   * Sorted set: voter → when their vote was counted, until its event is acknowledged by JetStream. What a process
   * killed in between left here is published by the pending-votes job (jobs/pending-votes.ts).
   */
  pending: (pollId: string) => `poll:{${pollId}}:p`,
  /** Sorted set: poll id → when a vote on it was last counted (where the pending-votes job looks). */
  votedPolls: 'voted-polls',
  /** The pending-votes job's lock (one instance at a time). */
  pendingVotesLock: 'lock:pending-votes',
  /** Set once by whichever instance claims publishing the poll's ended event. */
  ended: (pollId: string) => `poll:{${pollId}}:ended`,
  /** Temporary hashes a rebuild fills before it swaps them in. */
  rebuild: (pollId: string, nonce: string) => ({
    counts: `poll:{${pollId}}:rb:${nonce}:c`,
    voters: `poll:{${pollId}}:rb:${nonce}:v`,
    seqs: `poll:{${pollId}}:rb:${nonce}:s`,
    flows: `poll:{${pollId}}:rb:${nonce}:f`,
  }),
  /**
   * Sorted set, one score: the poll's member voters (`u:<userId>`) in voter order, listed for a walk through them
   * (see counting/poll-voters.ts), and the name it is written under first.
   */
  memberVoters: (pollId: string) => `poll:{${pollId}}:mv`,
  memberVotersBuild: (pollId: string, nonce: string) => `poll:{${pollId}}:mv:${nonce}`,
  /** JSON of the whole poll document (feed pages present polls without MongoDB). */
  doc: (pollId: string) => `poll:{${pollId}}:d`,
  /** JSON of the poll facts the vote path needs (so it never waits on MongoDB). */
  meta: (pollId: string) => `poll:{${pollId}}:m`,
  /** Share-link code → poll id. */
  shortCode: (code: string) => `code:${code}`,
  /**
   * Hash: IP network (keyed, see `ipField`) → share-link votes counted from it on the poll (its `shareVoteMode`).
   * Lives as long as the counters; never in MongoDB, so no IP address is stored with a vote.
   */
  shareVoteIps: (pollId: string) => `poll:{${pollId}}:ip`,
  /** Share-link vote attempts of one client IP network in the current one-minute window. */
  shareVoteRate: (network: string) => `rl:sv:${network}`,
  /** Comments of one member in the current one-minute window. */
  commentQuota: (userId: string) => `rl:cm:${userId}`,
  /** Sorted set: a member's polls by creation time, and the generation its changes raise (see CreatorPolls). */
  creatorPolls: (creatorId: string) => `creator:{${creatorId}}:polls`,
  creatorPollsGeneration: (creatorId: string) => `creator:{${creatorId}}:g`,
  /** Hash: a member's `pollsCount` and `votesCount` (see memberCountsCache). */
  memberCounts: (userId: string) => `member-counts:${userId}`,
  /** Cached answers of other services, kept by clients/people.ts (user summaries: the kit's `userSummaryKey`). */
  mutuals: peopleKeys.mutuals,
  hidden: peopleKeys.hidden,
  /** Set of members banned by an administrator (their polls are hidden). */
  bannedCreators: 'banned-creators',
  /** Set of polls the word filter holds for review (only their creators see them). */
  heldPolls: 'held-polls',
  /**
   * Sorted set: scheduled poll id → its opening (ms), until the opening job announces it (store/poll-openings.ts). One
   * per polls database (tests give every service its own, on one Redis), as the timelines are.
   */
  openings: (database: string) => `openings:${database}`,
  /** The ended-polls job's lock (one instance sweeps at a time). */
  endedSweepLock: 'lock:ended-sweep',
} as const;

/** Voters' names in the counters' hashes (`u:<userId>`, `v:<visitorId>`): pure, in domain/voters.ts. */
export { userIdOfVoter, voterOf } from '../domain/voters.js';
