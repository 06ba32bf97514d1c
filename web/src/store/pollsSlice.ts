import { createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Poll, PollUpdate, VoteResult, VoteTakenBack } from '@meydan/proto';
import { applyCounts, ballotsOf, normalizePoll } from '../lib/polls';

/**
 * The one copy of each poll the app shows. Every list and page (feeds, the poll's page, the quick widget, a share
 * link, a profile, search) keeps only the ids of its polls; a vote's answer, a live frame, an edit or a like changes
 * the poll here once, and every list that holds it shows the change.
 *
 * The state is RTK's normalised entity shape (`EntityState`: `ids` and `entities`), kept with the two operations it
 * needs (upsert, set) rather than `createEntityAdapter`, whose code (~1.7 kB gzip with its sorted variant) would put
 * the first load of / over its budget (web/scripts/initial-js.ts).
 */
type PollsState = EntityState<Poll, string> & {
  /** The ballots of the viewer's votes sent and not yet answered, by poll: shown at once, and kept over a list's copy. */
  sending: Record<string, number[]>;
  /** Counts every change a live frame or an answer made to a poll held (a logical clock, not the time). */
  changes: number;
  /** By poll: the value of `changes` at its last such change, which a list asked for before it must not undo. */
  changedAt: Record<string, number>;
};

const initialState: PollsState = { ids: [], entities: {}, sending: {}, changes: 0, changedAt: {} };

/**
 * What live frames and answers change on a poll held. A list asked for before such a change and answered after it
 * carries the older values (its server read them first): those stay as held.
 */
const changedLive = [
  'options',
  'totalVotes',
  'votesCount',
  'votersCount',
  'resultsVisible',
  'hasVoted',
  'userChoice',
  'userChoices',
  'likesCount',
  'isLiked',
  'commentsCount',
  'shareCount',
  'expiresAt',
  'closedAt',
  'title',
  'description',
  'editedAt',
  'friends',
  'friendsVotedCount',
  'correctOptionIndexes',
  'correctVotesCount',
  'runoff',
] as const satisfies readonly (keyof Poll)[];

/** The ballots a ranked poll's runoff counted, or -1 without one. */
const runoffBallots = (poll: Poll): number => (poll.runoff ? ballotsOf(poll.runoff) : -1);

/**
 * `poll` as a list answered it, less what changed on the one held after the list was asked for (`asked`). A runoff is
 * the exception: live frames never bring one (a card asks the poll again for it, features/polls/RankedRounds), and a
 * ranked ballot is final, so the runoff counting more ballots is the newer, whichever came first.
 */
function newerThan(state: PollsState, poll: Poll, asked: number | undefined): Poll {
  const held = state.entities[poll.id];
  if (!held || asked === undefined || (state.changedAt[poll.id] ?? 0) <= asked) return poll;
  const kept: Partial<Record<keyof Poll, unknown>> = {};
  for (const field of changedLive) if (field in held) kept[field] = held[field];
  if (runoffBallots(poll) > runoffBallots(held)) kept.runoff = poll.runoff;
  return { ...poll, ...kept } as Poll;
}

/** Shows `ballot` as the viewer's vote on a poll that has none yet, counted in its figures (before the answer). */
function showSent(poll: Poll, ballot: number[]): void {
  if (poll.hasVoted) return;
  poll.hasVoted = true;
  poll.userChoice = ballot[0] ?? null;
  poll.userChoices = ballot;
  for (const option of poll.options) if (ballot.includes(option.id)) option.votes += 1;
  poll.totalVotes += 1;
  poll.votesCount += 1;
  poll.votersCount = poll.totalVotes;
}

/** Adds a poll, or replaces the fields of the one held that the new copy carries (the adapter's upsertOne). */
function upsert(state: PollsState, poll: Poll): void {
  const held = state.entities[poll.id];
  if (held) Object.assign(held, poll);
  else {
    state.ids.push(poll.id);
    state.entities[poll.id] = poll;
  }
}

/**
 * The poll held under `id`, changed in place (an immer draft) and the change counted (`changedAt`); a poll no list
 * holds is left alone.
 */
function change(state: PollsState, id: string, recipe: (poll: Poll) => void): void {
  const poll = state.entities[id];
  if (!poll) return;
  recipe(poll);
  state.changes += 1;
  state.changedAt[id] = state.changes;
}

/** The viewer's ballot after a vote's, a change's or a take-back's answer (empty: taken back). */
export const choicesIn = (answer: VoteResult | VoteTakenBack): number[] =>
  answer.hasVoted ? (answer.userChoices ?? [answer.userChoice]) : [];

/** On a friends' circle card the viewer (unless the creator) is one of the friends who have now voted. */
function countViewerAsFriend(poll: Poll, viewerId: string | undefined): void {
  const shownAsFriend = poll.friends?.find((friend) => friend.id === viewerId);
  if (poll.type !== 'friends' || !viewerId || viewerId === poll.creatorId || shownAsFriend?.hasVoted) return;
  if (shownAsFriend) shownAsFriend.hasVoted = true;
  if (poll.friendsVotedCount !== undefined) poll.friendsVotedCount += 1;
}

export const pollsSlice = createSlice({
  name: 'polls',
  initialState,
  reducers: {
    /**
     * Polls as a list or page received them (normalised): fields the answer carries replace those held, except what a
     * live frame or an answer changed after the list was asked for (`asked`: the `changes` read then; none: all).
     */
    pollsReceived: {
      reducer(state, action: PayloadAction<Poll[], string, { asked: number | undefined }>) {
        for (const poll of action.payload) {
          upsert(state, newerThan(state, normalizePoll(poll), action.meta.asked));
          // A list read before the vote was sent and answered after it: the vote on its way stays shown.
          const sending = state.sending[poll.id];
          const held = state.entities[poll.id];
          if (sending && held) showSent(held, sending);
        }
      },
      prepare: (polls: Poll[], asked?: number) => ({ payload: polls, meta: { asked } }),
    },
    /** A poll put back as it was (a refused vote's optimistic ballot taken out). */
    pollRestored(state, { payload }: PayloadAction<Poll>) {
      delete state.sending[payload.id];
      if (state.entities[payload.id]) state.entities[payload.id] = payload;
    },
    /** A member's vote shown at once, before the server's answer. */
    voteSent(state, { payload }: PayloadAction<{ pollId: string; ballot: number[] }>) {
      const poll = state.entities[payload.pollId];
      if (!poll || poll.hasVoted) return;
      state.sending[payload.pollId] = payload.ballot;
      showSent(poll, payload.ballot);
    },
    /** A vote's answer: the server's counts and the ballot it holds (`viewerId`: a friends' card counts the viewer). */
    voteAnswered(
      state,
      { payload }: PayloadAction<{ pollId: string; answer: VoteResult; viewerId?: string | undefined }>,
    ) {
      delete state.sending[payload.pollId];
      change(state, payload.pollId, (poll) => {
        applyCounts(poll, payload.answer);
        poll.hasVoted = true;
        poll.userChoice = payload.answer.userChoice;
        poll.userChoices = payload.answer.userChoices ?? [payload.answer.userChoice];
        // A quiz's answer, now the voter's to see ('Doğru bildin!' or not: features/polls/QuizVerdict).
        if (payload.answer.correctOptionIndexes) poll.correctOptionIndexes = payload.answer.correctOptionIndexes;
        if (payload.answer.correctVotesCount !== undefined) poll.correctVotesCount = payload.answer.correctVotesCount;
        // A ranked poll's runoff as the vote left it (features/polls/RankedRounds), where the counts show.
        if (payload.answer.runoff) poll.runoff = payload.answer.runoff;
        countViewerAsFriend(poll, payload.viewerId);
      });
    },
    /** A change's or a take-back's answer: the server's counts and the ballot now held (none: taken back). */
    voteChangeAnswered(state, { payload }: PayloadAction<{ pollId: string; answer: VoteResult | VoteTakenBack }>) {
      change(state, payload.pollId, (poll) => {
        applyCounts(poll, payload.answer);
        const choices = choicesIn(payload.answer);
        poll.hasVoted = choices.length > 0;
        poll.userChoice = choices[0] ?? null;
        poll.userChoices = choices;
      });
    },
    /** A live frame (`poll_update`) of a followed poll. */
    liveCountsArrived(state, { payload }: PayloadAction<PollUpdate>) {
      change(state, payload.pollId, (poll) => applyCounts(poll, payload));
    },
    /** The creator's edit, as the server answered it. */
    pollEdited(state, { payload }: PayloadAction<Poll>) {
      change(state, payload.id, (poll) => {
        poll.title = payload.title;
        poll.description = payload.description;
        poll.editedAt = payload.editedAt ?? null;
      });
    },
    /** The creator closed the poll early: its end, and the counts now shown. */
    pollClosed(state, { payload }: PayloadAction<Poll>) {
      change(state, payload.id, (poll) => {
        poll.expiresAt = payload.expiresAt;
        poll.closedAt = payload.closedAt ?? null;
        poll.options = payload.options;
        if (payload.resultsVisible !== undefined) poll.resultsVisible = payload.resultsVisible;
        poll.totalVotes = payload.totalVotes;
        poll.votesCount = payload.votesCount;
        if (payload.correctOptionIndexes) poll.correctOptionIndexes = payload.correctOptionIndexes;
      });
    },
    /** The heart as the server answered it. */
    likeSet(state, { payload }: PayloadAction<{ pollId: string; liked: boolean; likesCount: number }>) {
      change(state, payload.pollId, (poll) => {
        poll.isLiked = payload.liked;
        poll.likesCount = payload.likesCount;
      });
    },
    /** The heart shown at once (`by` 1 or -1), or put back when the server refused. */
    likeMoved(state, { payload }: PayloadAction<{ pollId: string; liked: boolean; by: number }>) {
      change(state, payload.pollId, (poll) => {
        poll.isLiked = payload.liked;
        poll.likesCount = Math.max(0, poll.likesCount + payload.by);
      });
    },
    commentsCounted(state, { payload }: PayloadAction<{ pollId: string; by: number }>) {
      change(state, payload.pollId, (poll) => {
        poll.commentsCount = Math.max(0, poll.commentsCount + payload.by);
      });
    },
    shareCounted(state, { payload }: PayloadAction<{ pollId: string; shareCount: number }>) {
      change(state, payload.pollId, (poll) => {
        poll.shareCount = payload.shareCount;
      });
    },
  },
});

export const {
  pollsReceived,
  pollRestored,
  voteSent,
  voteAnswered,
  voteChangeAnswered,
  liveCountsArrived,
  pollEdited,
  pollClosed,
  likeSet,
  likeMoved,
  commentsCounted,
  shareCounted,
} = pollsSlice.actions;

/** The poll held under `id`, if a list or page has received it. */
export const selectPoll = (state: { polls: PollsState }, id: string | undefined): Poll | undefined =>
  id === undefined ? undefined : state.polls.entities[id];

/** The polls held under `ids`, in their order (an id not held is left out). */
export const selectPolls = (state: { polls: PollsState }, ids: readonly string[]): Poll[] =>
  ids.map((id) => state.polls.entities[id]).filter((poll): poll is Poll => Boolean(poll));
