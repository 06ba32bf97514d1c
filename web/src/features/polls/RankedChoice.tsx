import type { Poll } from '@meydan/proto';
import { OptionImagesProvider } from './OptionImage';
import { RankedBallot } from './RankedBallot';
import { RankedRounds } from './RankedRounds';

/**
 * A ranked poll's part of a card, the share page or an embed ('Sıralamalı oy'): the ordering ballot while the viewer
 * may vote (`onRanking` given), else the runoff's rounds where the server sent them. `refresh`: a live frame counting
 * more ballots asks the poll again by id (off where the viewer reaches it only through its link).
 */
export function RankedChoice({
  poll,
  busy = false,
  onRanking,
  refresh = true,
}: {
  poll: Pick<Poll, 'id' | 'options' | 'runoff' | 'hasVoted' | 'userChoices' | 'totalVotes' | 'optionImages'>;
  busy?: boolean;
  onRanking?: ((ranking: number[]) => void) | undefined;
  refresh?: boolean;
}) {
  return onRanking ? (
    <OptionImagesProvider images={poll.optionImages}>
      <RankedBallot options={poll.options} disabled={busy} busy={busy} onSubmit={onRanking} />
    </OptionImagesProvider>
  ) : (
    <RankedRounds poll={poll} refresh={refresh} />
  );
}
