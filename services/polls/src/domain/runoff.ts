/**
 * Ranked choice ('Sıralamalı oy', proto's `pollKinds` 'ranked'): the instant runoff over a poll's ballots. Pure: the
 * callers bring the ballots as counts per distinct ranking (Redis keeps one counter per ranking, "2,0,1" → n), so the
 * work grows with the rankings voters chose, not with the voters.
 *
 * A ballot is a ranking of option indexes, most preferred first, of some or all options. Each round counts every
 * ballot for its highest-ranked option still in the race; a ballot whose ranked options are all out is exhausted and
 * counts no more. The round decides:
 * - a winner when an option holds more than half of the round's ballots that are not exhausted, or when at most two
 *   options are left in the race (the one with more ballots wins; a tie is broken as an elimination would be, the
 *   other option winning);
 * - otherwise the elimination of the option with the fewest ballots. Among options tied for fewest, the one with
 *   fewer ballots in the round before goes out, then the round before that, back to the first preferences; still
 *   tied, the one with the highest index goes out (the option listed later).
 * The winner's share is its ballots over the non-exhausted ballots of the round that decided it. No ballots, no
 * rounds and no winner.
 */
import { ballotOf } from './ballots.js';

export interface RunoffRound {
  /** Ballots per option this round, by index (0 for an option out of the race). */
  tallies: number[];
  /** The option that went out after this round; null in the round that decided the winner. */
  eliminated: number | null;
  /** Ballots exhausted by this round (all their ranked options out), counted in no tally. */
  exhausted: number;
}

export interface Runoff {
  /** Ballots per option that ranked it first. */
  firstPreferences: number[];
  rounds: RunoffRound[];
  winner: number | null;
  /** The winner's ballots over the deciding round's non-exhausted ballots (0–1); null without a winner. */
  share: number | null;
}

/** Ballots as counts per ranking: [ranking, how many voters chose exactly that ranking]. */
export type RankedBallots = Iterable<readonly [ranking: readonly number[], count: number]>;

/** The Redis and MongoDB key of a ranking ("2,0,1"). */
export const rankingKey = (ranking: readonly number[]): string => ranking.join(',');

/** Counts keyed by ranking ({"2,0,1": 3}) as ballots for `instantRunoff`; zero and malformed entries are dropped. */
export function rankedBallotsOf(counts: Readonly<Record<string, number>>): [number[], number][] {
  return Object.entries(counts)
    .filter(([key, n]) => n > 0 && key !== '')
    .map(([key, n]) => [ballotOf(key), n]);
}

/** Which of `tied` goes out: fewest ballots in the latest earlier round, back to the first; then the highest index. */
function toEliminate(tied: readonly number[], earlier: readonly RunoffRound[]): number {
  let left = [...tied];
  for (let r = earlier.length - 1; r >= 0 && left.length > 1; r--) {
    const tallies = earlier[r]!.tallies;
    const fewest = Math.min(...left.map((i) => tallies[i]!));
    left = left.filter((i) => tallies[i] === fewest);
  }
  return Math.max(...left);
}

/** The instant runoff of `ballots` over a poll of `optionsCount` options (rules in the module's comment). */
export function instantRunoff(optionsCount: number, ballots: RankedBallots): Runoff {
  const valid = [...ballots].filter(([ranking, n]) => n > 0 && ranking.length > 0);
  const total = valid.reduce((sum, [, n]) => sum + n, 0);
  const firstPreferences = new Array<number>(optionsCount).fill(0);
  for (const [ranking, n] of valid) if (ranking[0]! < optionsCount) firstPreferences[ranking[0]!]! += n;
  const rounds: RunoffRound[] = [];
  if (total === 0) return { firstPreferences, rounds, winner: null, share: null };

  const inRace = new Set(Array.from({ length: optionsCount }, (_, i) => i));
  for (;;) {
    const tallies = new Array<number>(optionsCount).fill(0);
    let exhausted = 0;
    for (const [ranking, n] of valid) {
      const choice = ranking.find((i) => inRace.has(i));
      if (choice === undefined) exhausted += n;
      else tallies[choice]! += n;
    }
    const active = total - exhausted;
    const left = [...inRace];
    const most = Math.max(...left.map((i) => tallies[i]!));
    const fewest = Math.min(...left.map((i) => tallies[i]!));
    const out = toEliminate(
      left.filter((i) => tallies[i] === fewest),
      rounds,
    );
    if (most * 2 > active || left.length <= 2) {
      const winner =
        left.length === 1 ? left[0]! : most * 2 > active ? tallies.indexOf(most) : left.find((i) => i !== out)!;
      rounds.push({ tallies, eliminated: null, exhausted });
      return { firstPreferences, rounds, winner, share: active === 0 ? 0 : tallies[winner]! / active };
    }
    rounds.push({ tallies, eliminated: out, exhausted });
    inRace.delete(out);
  }
}
