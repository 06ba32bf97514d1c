import type { Poll } from '@meydan/proto';
import styled from 'styled-components';
import { trRanked } from '../../i18n/tr-ranked';
import { cardPercent, formatPercent, percentOf } from '../../lib/percent';
import { PoliteAnnouncement } from '../../ui/PoliteAnnouncement';
import { ballotsOf } from '../../lib/polls';
import { useFreshRunoff } from '../polls/RankedRounds';

/**
 * A ranked poll on the presenter's screen ('Sıralamalı oy'): the instant runoff's rounds side by side ('1. tur', …),
 * each option still in the race with its ballots and its share of the round, the one eliminated after it marked
 * ('elendi'), then the winner with its final share. Live: a frame counting more ballots than the runoff held asks the
 * poll again (the frames carry first preferences only). Shown where the API sent the runoff (the counts show).
 */
export function PresenterRanked({
  poll,
}: {
  poll: Pick<Poll, 'id' | 'options' | 'runoff' | 'hasVoted' | 'userChoices' | 'totalVotes'>;
}) {
  useFreshRunoff(poll, true);
  const runoff = poll.runoff;
  if (!runoff) return null;
  const t = trRanked.result;
  const winner =
    runoff.winner === null
      ? null
      : t.winner(
          poll.options[runoff.winner]?.text ?? '',
          cardPercent(Math.round((runoff.share ?? 0) * 10_000), 10_000).label,
        );
  return (
    <Result aria-label={t.title} data-presenter-ranked={ballotsOf(runoff)}>
      {runoff.rounds.length === 0 ? <p>{t.none}</p> : null}
      <Rounds>
        {runoff.rounds.map((round, r) => {
          const out = new Set(runoff.rounds.slice(0, r).map((e) => e.eliminated));
          const counted = round.tallies.reduce((a, b) => a + b, 0);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a round is its place in the runoff, which never reorders
            <Round key={r} data-round={r + 1}>
              <h2>{t.round(r + 1)}</h2>
              <ul>
                {poll.options
                  .filter((o) => !out.has(o.id))
                  .map((o) => {
                    const votes = round.tallies[o.id] ?? 0;
                    const share = percentOf(votes, counted, 0);
                    const eliminated = round.eliminated === o.id;
                    return (
                      <Row key={o.id} data-option={o.id} data-eliminated={eliminated || undefined}>
                        <span>
                          {o.text}
                          {eliminated ? <Out> — {t.eliminated}</Out> : null}
                        </span>
                        <strong>
                          {t.votes(votes)} · {formatPercent(share, 0)}
                        </strong>
                        <Track aria-hidden="true">
                          <span style={{ width: `${share}%` }} />
                        </Track>
                      </Row>
                    );
                  })}
              </ul>
              {round.exhausted > 0 ? <Muted>{t.exhausted(round.exhausted)}</Muted> : null}
            </Round>
          );
        })}
      </Rounds>
      {winner !== null ? <Winner data-ranked-winner={runoff.winner}>{winner}</Winner> : null}
      <PoliteAnnouncement name="presenter-winner" text={winner ?? ''} />
    </Result>
  );
}

/** The rounds side by side take the stage's whole width; the QR code and the address go below them. */
const Result = styled.section`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  min-width: 0;
`;

const Rounds = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1.5rem;
`;

const Round = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  h2 { margin: 0; font-size: clamp(1.25rem, 0.9rem + 1vw, 1.75rem); }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.9rem; }
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.3rem 0.75rem;
  font-size: clamp(1rem, 0.8rem + 0.8vw, 1.5rem);
  font-weight: 700;

  > span { min-width: 0; overflow-wrap: anywhere; }
  strong { font-variant-numeric: tabular-nums; }
  &[data-eliminated] { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Track = styled.span`
  grid-column: 1 / -1;
  height: 0.9rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 400ms ease;
  }
  [data-eliminated] & span { background: ${({ theme }) => theme.colors.textMuted}; }
  @media (prefers-reduced-motion: reduce) { span { transition: none; } }
`;

const Out = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Winner = styled.p`
  margin: 0;
  font-size: clamp(1.5rem, 1rem + 2vw, 2.75rem);
  font-weight: 800;
  color: ${({ theme }) => theme.colors.success};
`;
