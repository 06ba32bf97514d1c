import { parsePollOptions, type Poll, type PollOption, type PollRunoff, type PollUpdate } from '@meydan/proto';

/** The ballots a ranked poll's runoff counted: its first round's tallies and exhausted ones. */
export const ballotsOf = (runoff: PollRunoff): number =>
  runoff.rounds[0] ? runoff.rounds[0].tallies.reduce((a, b) => a + b, 0) + runoff.rounds[0].exhausted : 0;

/**
 * A poll as the cards use it, whatever shape the options arrived in: option objects are kept; an array of texts or
 * a JSON string of one gets positional ids and zero votes (the spec's list rule); a parse failure gives no options.
 */
export function normalizePoll(raw: Poll): Poll {
  const options = normalizeOptions(raw.options as unknown);
  const sum = options.reduce((total, option) => total + option.votes, 0);
  const totalVotes = typeof raw.totalVotes === 'number' ? raw.totalVotes : sum;
  return {
    ...raw,
    options,
    totalVotes,
    votesCount: typeof raw.votesCount === 'number' ? raw.votesCount : totalVotes,
    hasVoted: raw.hasVoted === true,
    isLiked: raw.isLiked === true,
    userChoice: typeof raw.userChoice === 'number' ? raw.userChoice : null,
    userChoices: choicesOf(raw),
    maxChoices: typeof raw.maxChoices === 'number' ? raw.maxChoices : 1,
    likesCount: raw.likesCount ?? 0,
    commentsCount: raw.commentsCount ?? 0,
  };
}

export function normalizeOptions(value: unknown): PollOption[] {
  if (
    Array.isArray(value) &&
    value.every((o) => o && typeof o === 'object' && typeof (o as PollOption).text === 'string')
  ) {
    return (value as PollOption[]).map((o, i) => ({
      id: typeof o.id === 'number' ? o.id : i,
      text: o.text,
      votes: typeof o.votes === 'number' ? o.votes : 0,
    }));
  }
  return parsePollOptions(value).map((text, i) => ({ id: i, text, votes: 0 }));
}

/** The options of the viewer's ballot (older answers carry only userChoice). */
export function choicesOf(poll: Pick<Poll, 'userChoice' | 'userChoices'>): number[] {
  if (Array.isArray(poll.userChoices)) return [...poll.userChoices];
  return typeof poll.userChoice === 'number' ? [poll.userChoice] : [];
}

/**
 * The voters a page's percentages are of: on a multiple-choice poll the ballots (totalVotes), since its option votes
 * sum to more; on a single-choice poll the option votes' sum, as the share page always counted. Where the poll's
 * results visibility hides the counts (all 0) the poll's own total.
 */
export function votersOf(
  poll: Pick<Poll, 'maxChoices' | 'totalVotes' | 'resultsVisible'>,
  votes: readonly number[],
): number {
  return (poll.maxChoices ?? 1) > 1 || poll.resultsVisible === false
    ? poll.totalVotes
    : votes.reduce((a, b) => a + b, 0);
}

/**
 * Applies live counts (a `poll_update`, or a vote's answer) to a poll in place (an immer draft). An update without the
 * counts (`countsHidden`: the poll's results visibility hides them now) changes only the total; one with them (the
 * poll ended, or they were never hidden) shows them; a vote's answer says itself whether they are the voter's to see.
 */
export function applyCounts(
  poll: Poll,
  counts: Pick<PollUpdate, 'voteCounts' | 'totalVotes'> &
    Partial<Pick<PollUpdate, 'likesCount' | 'commentsCount' | 'countsHidden'>> & {
      resultsVisible?: boolean | undefined;
    },
): void {
  if (!counts.countsHidden) {
    for (const option of poll.options) {
      const value = counts.voteCounts[String(option.id)];
      if (typeof value === 'number') option.votes = value;
    }
    if (typeof counts.resultsVisible === 'boolean') poll.resultsVisible = counts.resultsVisible;
    else if (Object.keys(counts.voteCounts).length > 0) poll.resultsVisible = true;
  }
  poll.totalVotes = counts.totalVotes;
  poll.votesCount = counts.totalVotes;
  poll.votersCount = counts.totalVotes;
  if (typeof counts.likesCount === 'number') poll.likesCount = counts.likesCount;
  if (typeof counts.commentsCount === 'number') poll.commentsCount = counts.commentsCount;
}

/** Votes per option index from a `{"0": 3, "1": 5}` map, for `count` options. */
export function votesFromCounts(voteCounts: Record<string, number>, count: number): number[] {
  return Array.from({ length: count }, (_, i) => voteCounts[String(i)] ?? 0);
}
