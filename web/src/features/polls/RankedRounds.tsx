import type { Poll } from '@meydan/proto';
import { useEffect } from 'react';
import styled from 'styled-components';
import { trRanked } from '../../i18n/tr-ranked';
import { cardPercent } from '../../lib/percent';
import { ballotsOf } from '../../lib/polls';
import { useAppDispatch } from '../../store/store';
import { pollsApi } from './pollsApi';

type RankedPoll = Pick<Poll, 'id' | 'options' | 'runoff' | 'hasVoted' | 'userChoices' | 'totalVotes'>;

/**
 * The live counts (poll_update) carry the first preferences, not the rankings: when they count more ballots than the
 * runoff held, the card (or the presenter's screen) asks the poll again for its runoff.
 */
export function useFreshRunoff(poll: RankedPoll, refresh: boolean): void {
  const dispatch = useAppDispatch();
  const counted = poll.runoff ? ballotsOf(poll.runoff) : null;
  useEffect(() => {
    if (!refresh || counted === null || counted === poll.totalVotes) return;
    const request = dispatch(pollsApi.endpoints.poll.initiate(poll.id, { forceRefetch: true, subscribe: false }));
    return () => request.unsubscribe();
  }, [dispatch, refresh, counted, poll.id, poll.totalVotes]);
}

/**
 * A ranked poll's result ('Sıralamalı oy'), as the server computed it (services/polls/src/domain/runoff.ts): each round
 * ('1. tur') with its options' ballots, the option eliminated ('elendi') and the ballots exhausted, then the winner
 * ('Kazanan') with its share of the deciding round. Shown only where the server sent the runoff (the counts show).
 */
export function RankedRounds({ poll, refresh = true }: { poll: RankedPoll; refresh?: boolean }) {
  useFreshRunoff(poll, refresh);
  const runoff = poll.runoff;
  if (!runoff) return null;
  const textOf = (i: number | null) => (i === null ? '' : (poll.options[i]?.text ?? ''));
  const mine = poll.hasVoted ? (poll.userChoices ?? []) : [];
  return (
    <Result aria-label={trRanked.result.title} data-ranked-result>
      {mine.length > 0 ? (
        <p>
          {trRanked.result.yourRanking}: {mine.map(textOf).join(' › ')}
        </p>
      ) : null}
      {runoff.rounds.length === 0 ? <p>{trRanked.result.none}</p> : null}
      <ol>
        {runoff.rounds.map((round, r) => {
          const inRace = poll.options.filter((o) => !runoff.rounds.slice(0, r).some((e) => e.eliminated === o.id));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a round is its place in the runoff, which never reorders
            <Round key={r} data-round={r + 1}>
              <h4>{trRanked.result.round(r + 1)}</h4>
              <ul>
                {inRace.map((o) => (
                  <li key={o.id} data-eliminated={round.eliminated === o.id || undefined}>
                    {o.text}: {trRanked.result.votes(round.tallies[o.id] ?? 0)}
                    {round.eliminated === o.id ? <Out> — {trRanked.result.eliminated}</Out> : null}
                  </li>
                ))}
              </ul>
              {round.exhausted > 0 ? <Muted>{trRanked.result.exhausted(round.exhausted)}</Muted> : null}
            </Round>
          );
        })}
      </ol>
      {runoff.winner !== null ? (
        <Winner role="status" data-ranked-winner={runoff.winner}>
          {trRanked.result.winner(
            textOf(runoff.winner),
            cardPercent(Math.round((runoff.share ?? 0) * 10_000), 10_000).label,
          )}
        </Winner>
      ) : null}
    </Result>
  );
}

const Result = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  font-size: 0.9rem;

  p, ol, ul { margin: 0; }
  ol { padding-left: 0; list-style: none; display: flex; flex-direction: column; gap: 0.4rem; }
  ul { padding-left: 1.1rem; }
`;

const Round = styled.li`
  h4 { margin: 0; font-size: 0.9rem; }
`;

const Out = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Winner = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.success};
`;
