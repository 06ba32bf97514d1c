/**
 * A poll as the API shows it to one viewer (proto's Poll), from its document and what was read for it: its counts,
 * likes and the viewer's ballot, the people it names, and on a Dost Meclisi poll the creator's circle. No I/O: the
 * reads are usecases/present.ts's.
 */
import type { CreatorSummary, FriendSummary, Poll } from '@meydan/proto';
import type { PollCounts } from '../domain/counts.js';
import { countsVisibleTo, resultsVisibilityOf } from '../domain/results-visibility.js';
import { optionImagesFields } from '../domain/option-images.js';
import { quizFields } from '../domain/quiz.js';
import { rankedFields } from '../domain/ranked.js';
import { shareVoteModeOf } from '../domain/share-votes.js';
import type { PollDoc } from '../model/index.js';

/** What the card shows of a poll besides its document: counts, likes (the viewer's own too) and the viewer's ballot. */
export interface CardView {
  counts: PollCounts;
  engagement: { likes: number; comments: number; shares: number; liked: boolean };
  /** The viewer's ballot, or null. */
  choice: number[] | null;
}

/** A Dost Meclisi poll's circle: the friends the card names and whether each voted, how many there are and voted. */
export interface CircleView {
  shown: { id: string; hasVoted: boolean }[];
  count: number;
  votedCount: number;
}

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export function pollView(
  d: PollDoc,
  id: string,
  { counts: c, engagement: e, choice }: CardView,
  people: ReadonlyMap<string, CreatorSummary>,
  circle: CircleView | undefined,
  viewerId: string | null,
  now: Date,
  /** On an upcoming poll shown to a member: whether they asked to be told of its opening. */
  remindOnOpening?: boolean,
): Poll {
  // The poll's results visibility and the Dost Meclisi rule (the split only to those who voted: with the friends'
  // hasVoted flags it would tell who chose what). Hidden counts are 0; the total stays.
  const resultsVisible = countsVisibleTo(d, viewerId, choice !== null, now);
  const poll: Poll = {
    id,
    title: d.title,
    description: d.description ?? null,
    category: d.category,
    type: d.type as Poll['type'],
    options: d.options.map((text, i) => ({ id: i, text, votes: resultsVisible ? (c.votes[i] ?? 0) : 0 })),
    maxChoices: d.maxChoices ?? 1,
    allowVoteChange: d.allowVoteChange === true,
    expiresAt: iso(d.expiresAt),
    // A scheduled poll's opening ('Yakında' until then); absent on a poll open from its creation.
    ...(d.startsAt ? { startsAt: iso(d.startsAt) } : {}),
    ...(remindOnOpening !== undefined ? { remindOnOpening } : {}),
    // A quiz's correct option only to its creator, its voters and, once it ended, everyone (domain/quiz.ts).
    ...quizFields(d, viewerId, choice !== null, resultsVisible, c.votes, now),
    // A ranked poll's instant runoff, shown and hidden with the counts (domain/ranked.ts).
    ...rankedFields(d, d.options.length, resultsVisible, c),
    // Its options' images, each with its URL and its creator's alt text (domain/option-images.ts).
    ...optionImagesFields(d, d.options.length),
    creatorId: d.creatorId,
    creator: people.get(d.creatorId) as CreatorSummary,
    isShareable: Boolean(d.isShareable),
    shortUrl: d.shortUrl ?? null,
    ...(d.isShareable ? { shareVoteMode: shareVoteModeOf(d)! } : {}),
    closedAt: iso(d.closedAt),
    editedAt: iso(d.editedAt),
    resultsVisibility: resultsVisibilityOf(d),
    resultsVisible,
    createdAt: iso(d.createdAt)!,
    updatedAt: iso(d.updatedAt ?? d.createdAt)!,
    totalVotes: c.total,
    votesCount: c.total,
    votersCount: c.total,
    publicVotesCount: c.visitorVotes,
    likesCount: e.likes,
    commentsCount: e.comments,
    shareCount: e.shares,
    isLiked: e.liked,
    hasVoted: choice !== null,
    userChoice: choice?.[0] ?? null,
    userChoices: choice ?? [],
    // Only its creator is shown a held poll at all (usecases/visibility.ts canSee), so the flag is theirs alone.
    ...(d.heldAt ? { held: true as const } : {}),
  };
  if (circle) {
    poll.friends = circle.shown.map(
      (f): FriendSummary => ({ ...(people.get(f.id) as CreatorSummary), hasVoted: f.hasVoted }),
    );
    poll.friendsCount = circle.count;
    poll.friendsVotedCount = circle.votedCount;
  }
  return poll;
}
