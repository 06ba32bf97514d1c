import type { Poll } from '@meydan/proto';
import { trPolls } from '../../i18n/tr-polls';

/** One question of 'Hızlı Karar (VS)': a real two-option poll, or one of the local samples. */
export interface QuickQuestion {
  id: string;
  title: string;
  options: { text: string; votes: number }[];
  totalVotes: number;
  /** The poll behind it (real questions); null for samples. */
  poll: Poll | null;
  hasVoted: boolean;
  userChoice: number | null;
}

export function fromPoll(poll: Poll): QuickQuestion {
  return {
    id: poll.id,
    title: poll.title,
    options: poll.options.map((o) => ({ text: o.text, votes: o.votes })),
    totalVotes: poll.totalVotes,
    poll,
    hasVoted: poll.hasVoted,
    userChoice: poll.userChoice,
  };
}

export const sampleQuestions: QuickQuestion[] = trPolls.quick.samples.map((sample) => ({
  id: sample.id,
  title: sample.title,
  options: sample.options.map((text, i) => ({ text, votes: sample.votes[i] ?? 0 })),
  totalVotes: sample.votes.reduce((a, b) => a + b, 0),
  poll: null,
  hasVoted: false,
  userChoice: null,
}));

/** Real two-option polls when there are any (not yet voted first); the samples only when there are none. */
export function quickQuestionsFrom(polls: readonly Poll[] | undefined): QuickQuestion[] {
  const real = (polls ?? []).filter((poll) => poll.options.length === 2).map(fromPoll);
  if (real.length === 0) return sampleQuestions;
  return [...real.filter((q) => !q.hasVoted), ...real.filter((q) => q.hasVoted)];
}

/** A local vote (samples, or a visitor's choice): the chosen option counts one more. */
export function withLocalVote(question: QuickQuestion, choice: number): QuickQuestion {
  return {
    ...question,
    options: question.options.map((o, i) => (i === choice ? { ...o, votes: o.votes + 1 } : o)),
    totalVotes: question.totalVotes + 1,
    hasVoted: true,
    userChoice: choice,
  };
}
