/** A poll's results for its creator's download (the routes write them as CSV or .xlsx, views/results-sheet.ts). */
import { pollServiceMessages as S } from '@meydan/proto';
import { HttpError, type Identity, type SheetColumn } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { creatorSeesCounts } from '../domain/results-visibility.js';
import { isQuiz } from '../domain/quiz.js';
import { isRanked, runoffOf } from '../domain/ranked.js';
import type { Runoff } from '../domain/runoff.js';
import { hasOptionImages, optionImagesFields } from '../domain/option-images.js';
import {
  imageColumns,
  quizResultColumns,
  rankedResultColumns,
  resultColumns,
  type ResultRow,
} from '../views/results-sheet.js';
import type { Caller } from './caller.js';
import { visiblePoll } from './visibility.js';

/** The poll's rows and their columns (a quiz's say which is right), for its creator only and once they may see its counts; the poll's id with them. */
export async function pollResults(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<{ id: string; rows: ResultRow[]; columns: SheetColumn<ResultRow>[] }> {
  const doc = await visiblePoll(ctx, pollId, viewer, source);
  if (doc.creatorId !== viewer.userId) throw new HttpError(403, 'forbidden', S.resultsOnlyCreator);
  // The creator sees their poll's counts by the one rule the card follows too (an after-close poll's only once it
  // ended; a Dost Meclisi poll's whether or not they voted on it).
  if (!creatorSeesCounts(doc, new Date())) throw new HttpError(409, 'results_hidden', S.resultsAfterClose);
  const id = String(doc._id);
  const counts = await ctx.counters.countsOfOne({
    id,
    optionsCount: doc.options.length,
    expiresAt: doc.expiresAt ?? null,
  });
  const runoff = isRanked(doc) ? runoffOf(doc.options.length, counts) : null;
  const images = optionImagesFields(doc, doc.options.length).optionImages;
  const origin = ctx.config.PUBLIC_ORIGIN?.replace(/\/+$/, '') ?? '';
  const rows = doc.options.map((option, i) => ({
    option,
    votes: counts.votes[i] ?? 0,
    total: counts.total,
    voters: counts.total,
    endsAt: doc.expiresAt ?? null,
    ...(isQuiz(doc) ? { correct: doc.correctOptionIndexes!.includes(i) } : {}),
    ...(runoff ? { ranked: runoffOfOption(runoff, i) } : {}),
    ...(images ? { image: images[i] ? { url: `${origin}${images[i].url}`, alt: images[i].alt } : null } : {}),
  }));
  const columns = runoff ? rankedResultColumns(runoff.rounds.length) : isQuiz(doc) ? quizResultColumns : resultColumns;
  return { id, rows, columns: hasOptionImages(doc) ? [...columns, ...imageColumns] : columns };
}

/** One option's part of a runoff, for its row: its ballots in each round until it is out. */
function runoffOfOption(runoff: Runoff, option: number): NonNullable<ResultRow['ranked']> {
  const out = runoff.rounds.findIndex((round) => round.eliminated === option);
  return {
    rounds: runoff.rounds.map((round, r) => (out !== -1 && r > out ? null : (round.tallies[option] ?? 0))),
    eliminatedAfter: out === -1 ? null : out + 1,
    winner: runoff.winner === option,
  };
}
