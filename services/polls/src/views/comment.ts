/** A comment as the API shows it (proto's PollComment), with its author's summary. No I/O. */
import type { CreatorSummary, PollComment } from '@meydan/proto';
import type { CommentDoc } from '../model/index.js';

export const commentView = (c: CommentDoc, author: CreatorSummary): PollComment => ({
  id: String(c._id),
  pollId: String(c.pollId),
  text: c.text,
  createdAt: new Date(c.createdAt).toISOString(),
  author,
  ...(c.heldAt ? { held: true as const } : {}),
});
