import type { Poll } from '@meydan/proto';

/**
 * Where a shared poll opens. Share-link polls have their public page; others open on the feed, pinned at the top
 * (friends' circle polls under /dost-meclisi, for members of the circle).
 */
export function pollShareUrl(poll: Pick<Poll, 'id' | 'type' | 'shortUrl'>, origin = globalThis.location?.origin ?? ''): string {
  if (poll.shortUrl) return `${origin}/s/${poll.shortUrl}`;
  const path = poll.type === 'friends' ? '/dost-meclisi' : '/kesfet';
  return `${origin}${path}?anket=${encodeURIComponent(poll.id)}`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The device's share sheet where there is one; otherwise the link goes to the clipboard. */
export async function shareOrCopy(url: string, title: string, text: string): Promise<ShareOutcome> {
  const nav = globalThis.navigator as Navigator | undefined;
  if (nav && typeof nav.share === 'function') {
    try {
      await nav.share({ title, text, url });
      return 'shared';
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') return 'cancelled';
      // Fall through to copying (e.g. share refused in this context).
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await globalThis.navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
