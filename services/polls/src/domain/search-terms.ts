/** What search finds a poll by, stored on the poll: the terms of its texts and its hashtags (kit's turkish-search.ts). */
import { hashtagsOf, searchTermsOf } from '@meydan/kit';

type PollTexts = { title: string; description?: string | null; options: readonly string[] };

/** The poll's stored search fields, made from its title, description and options as they are now. */
export function pollSearchFields(poll: PollTexts): { searchTerms: string[]; hashtags: string[] } {
  return {
    searchTerms: searchTermsOf([poll.title, poll.description, ...poll.options]),
    hashtags: [...new Set([...hashtagsOf(poll.title), ...hashtagsOf(poll.description)])],
  };
}
