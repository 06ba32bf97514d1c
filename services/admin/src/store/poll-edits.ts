/**
 * Edits of polls' texts as `events.polls.poll.edited` tells them: each kept once (keyed by poll and time, so a
 * redelivered event changes nothing twice) as the poll's edit history, and the poll's line in the read model showing
 * the newest text whatever order the events arrive in (an older edit, or the poll's creation event arriving after an
 * edit, never puts an older text back).
 */
import type { PollEditedEvent } from '@meydan/proto';
import { searchText } from '../domain/search.js';
import type { Models } from '../model/index.js';

interface PollText {
  title: string;
  description: string | null;
  editedAt: Date;
}

const textFields = (t: PollText) => ({
  title: t.title,
  description: t.description,
  editedAt: t.editedAt,
  search: searchText(t.title, t.description),
});

/** Stores the edit in the poll's history and shows its text on the poll's line unless a newer edit is there already. */
export async function saveEdit(models: Models, e: PollEditedEvent): Promise<void> {
  const editedAt = new Date(e.editedAt);
  const { pollId, title, previousTitle } = e;
  const [description, previousDescription] = [e.description ?? null, e.previousDescription ?? null];
  await models.PollEdit.updateOne(
    { _id: `${pollId}:${editedAt.getTime()}` },
    { $setOnInsert: { pollId, title, description, previousTitle, previousDescription, editedAt } },
    { upsert: true },
  );
  await models.Poll.updateOne(
    { _id: pollId, $or: [{ editedAt: null }, { editedAt: { $lt: editedAt } }] },
    { $set: textFields({ title, description, editedAt }) },
  );
}

/** After the poll's facts were written from its creation event: its newest edit's text, if it was edited already. */
export async function keepNewestText(models: Models, pollId: string): Promise<void> {
  const newest = await models.PollEdit.findOne({ pollId }).sort({ editedAt: -1 }).lean();
  if (!newest) return;
  await models.Poll.updateOne(
    { _id: pollId },
    { $set: textFields({ title: newest.title, description: newest.description ?? null, editedAt: newest.editedAt }) },
  );
}

/** The poll's edits, oldest first. */
export async function editsOf(models: Models, pollId: string) {
  const edits = await models.PollEdit.find({ pollId }).sort({ editedAt: 1 }).lean();
  return edits.map((e) => ({
    title: e.title,
    description: e.description ?? null,
    previousTitle: e.previousTitle,
    previousDescription: e.previousDescription ?? null,
    editedAt: new Date(e.editedAt).toISOString(),
  }));
}
