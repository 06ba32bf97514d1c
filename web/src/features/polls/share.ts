import type { Poll } from '@meydan/proto';

/** A poll's own page: a share-link poll's public page by its code, any other poll's /anket/{id}. */
export function pollPagePath(poll: Pick<Poll, 'id' | 'shortUrl'>): string {
  return poll.shortUrl ? `/s/${poll.shortUrl}` : `/anket/${encodeURIComponent(poll.id)}`;
}

/** Where a shared poll opens: its own page (the audience rules of the poll decide who sees it there). */
export function pollShareUrl(poll: Pick<Poll, 'id' | 'shortUrl'>, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}${pollPagePath(poll)}`;
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
