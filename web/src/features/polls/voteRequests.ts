/** The half of useVote loaded on demand (the first load of / has a size budget): votes through a link, changes. */
import type { VoteResult } from '@meydan/proto';
import { trPolls } from '../../i18n/tr-polls';
import { trReach } from '../../i18n/tr-reach';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { apiErrorMessage, isNetworkError } from '../../store/api';
import type { AppDispatch } from '../../store/store';
import { showToast, type ToastInput } from '../toasts/useToast';
import { linkVoteApi } from './linkVoteApi';
import { voteChangeApi } from './voteChangeApi';

/** A vote through a share link refused: the network's words, or the server's (its page). */
function linkVoteRefused(error: unknown): ToastInput {
  if (isNetworkError(error))
    return { title: trPolls.publicPoll.networkTitle, description: trPolls.publicPoll.networkText, variant: 'error' };
  return {
    title: trPolls.publicPoll.voteFailedTitle,
    description: apiErrorMessage(error) ?? trPolls.publicPoll.voteFailedText,
    variant: 'error',
  };
}

/** A vote through a share link; told on its page as a toast, in the embed as its line. */
export async function castThroughLink(
  dispatch: AppDispatch,
  args: { code: string; pollId: string; optionIndex: number; optionIndexes?: number[]; ranking?: number[] },
  line: ((message: string) => void) | undefined,
): Promise<VoteResult | undefined> {
  const request = dispatch(linkVoteApi.endpoints.shareLinkVote.initiate(args));
  try {
    const answer = await request.unwrap();
    if (line) line(trReach.embed.voted);
    else dispatch(showToast({ title: trPolls.publicPoll.votedTitle, description: answer.message, variant: 'success' }));
    return answer;
  } catch (error) {
    if (line) line(apiErrorMessage(error) ?? trReach.embed.voteFailed);
    else dispatch(showToast(linkVoteRefused(error)));
    return undefined;
  } finally {
    request.reset();
  }
}

/**
 * A new ballot (null: the vote taken back), by the poll's id or through its share link. The answer's message is
 * toasted (or the embed's line); a member's refusal is toasted by the endpoint, a link's here.
 */
export async function changeBallot(
  dispatch: AppDispatch,
  { pollId, code, line }: { pollId: string; code: string | undefined; line: ((message: string) => void) | undefined },
  optionIndexes: number[] | null,
): Promise<void> {
  const endpoints = voteChangeApi.endpoints;
  const request =
    code === undefined
      ? dispatch(endpoints.changeVote.initiate({ pollId, optionIndexes }))
      : dispatch(endpoints.shareLinkChangeVote.initiate({ code, pollId, optionIndexes }));
  const title = optionIndexes ? trVoteChange.bar.changedTitle : trVoteChange.bar.takenBackTitle;
  try {
    const answer = await request.unwrap();
    if (line) line(answer.message);
    else dispatch(showToast({ title, description: answer.message, variant: 'success' }));
  } catch (error) {
    if (code === undefined) return;
    const message = apiErrorMessage(error) ?? trVoteChange.bar.failedText;
    if (line) line(message);
    else dispatch(showToast({ title: trVoteChange.bar.failedTitle, description: message, variant: 'error' }));
  } finally {
    request.reset();
  }
}
