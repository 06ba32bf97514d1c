import type { Poll, PollFlows } from '@meydan/proto';
import styled from 'styled-components';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { usePollFlowsQuery } from './voteChangeApi';

type Flow = PollFlows['flows'][number];

/** A ballot's option texts ('Kedi + Kuş' for a ballot of several). */
const textsOf = (poll: Pick<Poll, 'options'>, ballot: readonly number[]) =>
  ballot.map((i) => poll.options.find((o) => o.id === i)?.text ?? `${i + 1}`).join(' + ');

/** One flow as a sentence: 'A'dan B'ye 312 kişi geçti', a take-back, or a vote again after one. */
export function flowSentence(poll: Pick<Poll, 'options'>, flow: Flow): string {
  const t = trVoteChange.flows;
  if (flow.to.length === 0) return t.takenBack(textsOf(poll, flow.from), flow.count);
  if (flow.from.length === 0) return t.again(textsOf(poll, flow.to), flow.count);
  return t.move(textsOf(poll, flow.from), textsOf(poll, flow.to), flow.count);
}

/**
 * 'Oy akışları': on a poll that allows changing a vote, how many moved from which option to which, live (read again
 * on each of the poll's live counts), never who. Nothing where the viewer may not see the poll's counts.
 */
export function FlowsPanel({
  poll,
  large = false,
}: {
  poll: Pick<Poll, 'id' | 'options' | 'allowVoteChange'>;
  large?: boolean;
}) {
  const { data, isError } = usePollFlowsQuery(poll.id, { skip: poll.allowVoteChange !== true });
  if (poll.allowVoteChange !== true) return null;
  if (isError) return <Panel data-flows="failed">{trVoteChange.flows.failed}</Panel>;
  if (!data?.resultsVisible) return null;
  const t = trVoteChange.flows;
  return (
    <Panel aria-labelledby={`flows-${poll.id}`} data-flows={data.totalMoves} $large={large}>
      <h2 id={`flows-${poll.id}`}>{t.heading}</h2>
      <p>{t.description}</p>
      {data.flows.length === 0 ? (
        <p data-flows-empty>{t.none}</p>
      ) : (
        <>
          <ul>
            {data.flows.map((flow) => (
              <li
                key={`${flow.from.join(',')}>${flow.to.join(',')}`}
                data-flow={`${flow.from.join(',')}>${flow.to.join(',')}`}
              >
                {flowSentence(poll, flow)}
              </li>
            ))}
          </ul>
          <p data-flows-total>{t.total(data.totalMoves)}</p>
        </>
      )}
    </Panel>
  );
}

const Panel = styled.section<{ $large?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ $large }) => ($large ? '1.25rem' : '1rem')};

  h2 { font-size: 1.1em; font-weight: 750; margin: 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9em; }
  ul { margin: 0; padding-left: 1.1rem; display: flex; flex-direction: column; gap: 0.25rem; }
  li { overflow-wrap: anywhere; }
`;
