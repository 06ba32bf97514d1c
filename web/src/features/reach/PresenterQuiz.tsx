import type { Poll } from '@meydan/proto';
import { useState } from 'react';
import styled from 'styled-components';
import { trQuiz } from '../../i18n/tr-quiz';
import { formatPercent, percentOf } from '../../lib/percent';
import { Button } from '../../ui/buttons';
import { answersOf, rightVotesOf } from '../polls/QuizVerdict';

/**
 * A quiz on the presenter's screen: the answer stays hidden from the room until the presenter reveals it ('Doğru cevabı
 * göster'), then the correct options and the share who answered right, live. Shown only where the API sent the answer
 * (its creator, a voter, or once it ended).
 */
export function PresenterQuiz({
  poll,
}: {
  poll: Pick<Poll, 'correctOptionIndexes' | 'options' | 'totalVotes' | 'resultsVisible'>;
}) {
  const [revealed, setRevealed] = useState(false);
  const correct = poll.correctOptionIndexes;
  if (!correct) return <Line data-presenter-quiz="hidden">{trQuiz.card.badge}</Line>;
  const share =
    poll.resultsVisible !== false ? formatPercent(percentOf(rightVotesOf(poll, correct), poll.totalVotes, 0), 0) : null;
  return (
    <Line data-presenter-quiz={revealed ? 'revealed' : 'hidden'}>
      <Button onClick={() => setRevealed((shown) => !shown)} aria-pressed={revealed}>
        {trQuiz.presenter.reveal(correct.length)}
      </Button>
      <span role="status">
        {revealed ? (
          <>
            <strong>{trQuiz.card.answer(answersOf(poll, correct))}</strong>
            {share ? <> · {trQuiz.card.rightShare(share)}</> : null}
          </>
        ) : null}
      </span>
    </Line>
  );
}

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  font-size: clamp(1.125rem, 0.9rem + 1vw, 1.75rem);
`;
