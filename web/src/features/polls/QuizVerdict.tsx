import type { Poll } from '@meydan/proto';
import styled from 'styled-components';
import { trQuiz } from '../../i18n/tr-quiz';
import { choicesOf } from '../../lib/polls';
import { cardPercent } from '../../lib/percent';

type QuizPoll = Pick<
  Poll,
  | 'kind'
  | 'correctOptionIndexes'
  | 'options'
  | 'totalVotes'
  | 'resultsVisible'
  | 'hasVoted'
  | 'userChoice'
  | 'userChoices'
>;

/**
 * Whether the viewer's ballot is right: a quiz is single choice, so its one option is one of the correct ones. Null when
 * they have not voted or the answer is not theirs yet.
 */
export function quizVerdict(poll: QuizPoll): boolean | null {
  const correct = poll.correctOptionIndexes;
  if (!poll.hasVoted || !correct) return null;
  const ballot = choicesOf(poll);
  return ballot.length === 1 && correct.includes(ballot[0]!);
}

/** The ballots that are right, from the live counts: each is on one option, so the correct options' votes added up. */
export const rightVotesOf = (poll: Pick<Poll, 'options'>, correct: readonly number[]): number =>
  correct.reduce((sum, i) => sum + (poll.options[i]?.votes ?? 0), 0);

/** The correct options' texts, in the options' order. */
export const answersOf = (poll: Pick<Poll, 'options'>, correct: readonly number[]): string[] =>
  correct.map((i) => poll.options[i]?.text ?? '');

/**
 * A quiz's line under its options ('Bilgi yarışması'): before voting, that the answer comes with the vote; after it,
 * 'Doğru bildin!' or 'Yanlış — doğru cevap: …' ('doğru cevaplar: …, …' with several), and the share who answered right
 * where the counts show (from the live counts: the correct options' votes over the ballots). Its creator reads the
 * answer. The server sends the answer only to those it may reach (services/polls/src/domain/quiz.ts); this shows what
 * it sent.
 */
export function QuizVerdict({ poll }: { poll: QuizPoll }) {
  const correct = poll.correctOptionIndexes;
  const verdict = quizVerdict(poll);
  const answers = correct ? answersOf(poll, correct) : [];
  const share =
    correct && poll.resultsVisible !== false && poll.totalVotes > 0
      ? cardPercent(rightVotesOf(poll, correct), poll.totalVotes).label
      : null;
  return (
    <Line
      role="status"
      data-quiz-verdict={verdict === null ? (correct ? 'answer' : 'hidden') : verdict ? 'right' : 'wrong'}
    >
      <Badge>{trQuiz.card.badge}</Badge>
      {verdict === true ? <Right>{trQuiz.card.right}</Right> : null}
      {verdict === false ? <Wrong>{trQuiz.card.wrong(answers)}</Wrong> : null}
      {verdict === null && correct ? <span>{trQuiz.card.answer(answers)}</span> : null}
      {!correct && !poll.hasVoted ? <span>{trQuiz.card.beforeVote}</span> : null}
      {share ? <Share data-quiz-share>{trQuiz.card.rightShare(share)}</Share> : null}
    </Line>
  );
}

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.6rem;
  margin: 0;
  font-size: 0.9rem;
`;

const Badge = styled.span`
  padding: 0.1rem 0.5rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.75rem;
  font-weight: 600;
`;

const Right = styled.strong`
  color: ${({ theme }) => theme.colors.success};
`;

const Wrong = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

const Share = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
