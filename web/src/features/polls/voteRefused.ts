import { apiErrorMessage, apiErrorStatus, isNetworkError } from '../../store/api';
import { tr } from '../../i18n/tr';
import type { ToastInput } from '../toasts/useToast';

/** Seconds to wait from a `retry-after` header (seconds, or an HTTP date), or null when it says nothing usable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

/** The toast of a refused vote: 429 and 503 say how long to wait (retry-after); others give the server's own text. */
export function voteRefusedToast(error: unknown, retryAfter: string | null, now: number = Date.now()): ToastInput {
  const status = apiErrorStatus(error);
  if (status === 429 || status === 503) {
    const seconds = retryAfterSeconds(retryAfter, now);
    const wait = seconds === null ? tr.poll.voteRetrySoon : tr.poll.voteRetryIn(seconds);
    return {
      title: status === 429 ? tr.poll.voteTooMany : tr.poll.voteUnavailable,
      description: wait,
      variant: 'error',
    };
  }
  if (isNetworkError(error)) return { title: tr.poll.voteFailed, description: tr.poll.voteOffline, variant: 'error' };
  return { title: tr.poll.voteFailed, description: apiErrorMessage(error), variant: 'error' };
}
