/**
 * The read model's writes: accounts, polls and reports as the owning services announce them (events) or list them
 * (the rebuild's pages). Every write is an upsert keyed by the owner's id, so a redelivered event or a page read
 * twice changes nothing twice, and an event and a page about the same record meet without double counts.
 */
import { deletedAccount } from '../domain/pseudonym.js';
import { searchText } from '../domain/search.js';
import type { Models } from '../model/index.js';

type Role = 'member' | 'moderator' | 'admin';

/** What an account's line shows and is searched by. */
interface AccountProfile {
  username: string;
  displayName: string | null;
  email: string;
}

/** Where an account stands: set by its registration or its page, later only by its own events. */
interface AccountStanding {
  role: Role;
  isActive: boolean;
  emailVerified: boolean;
  createdAt: Date;
}

const profile = (a: AccountProfile) => ({
  username: a.username,
  displayName: a.displayName,
  email: a.email,
  search: searchText(a.username, a.email, a.displayName),
});

/**
 * A registration: the profile is the newest word, the standing only the first one (a ban or an activation consumed
 * before the registration itself must not be undone by it).
 */
export async function saveRegisteredAccount(
  models: Models,
  id: string,
  account: AccountProfile & Partial<AccountStanding> & { createdAt: Date },
) {
  await models.User.updateOne(
    { _id: id },
    {
      $set: profile(account),
      $setOnInsert: {
        role: account.role ?? 'member',
        isActive: account.isActive ?? true,
        emailVerified: account.emailVerified ?? false,
        createdAt: account.createdAt,
      },
    },
    { upsert: true },
  );
}

/** An account as auth lists it now: every field is its current value. */
export async function saveListedAccount(models: Models, id: string, account: AccountProfile & AccountStanding) {
  const { role, isActive, emailVerified, createdAt } = account;
  await models.User.updateOne(
    { _id: id },
    { $set: { ...profile(account), role, isActive, emailVerified, createdAt } },
    { upsert: true },
  );
}

/** A renamed account keeps its e-mail address in its search text. */
export async function renameAccount(
  models: Models,
  id: string,
  names: { username: string; displayName: string | null },
) {
  const user = await models.User.findById(id).lean();
  if (!user) return;
  await models.User.updateOne({ _id: id }, { $set: profile({ ...names, email: user.email }) });
}

export async function setAccountFields(
  models: Models,
  id: string,
  fields: { isActive?: boolean; emailVerified?: boolean },
) {
  await models.User.updateOne({ _id: id }, { $set: fields });
}

/** A deleted account: no personal data stays; the line stays (its polls, votes and reports may name it), under a pseudonym. */
export async function pseudonymiseAccount(models: Models, id: string) {
  await models.User.updateOne({ _id: id }, { $set: { ...profile(deletedAccount(id)), isActive: false } });
}

interface PollFacts {
  title: string;
  description?: string | null;
  category: string;
  type: string;
  creatorId: string;
  isShareable?: boolean;
  createdAt: Date;
  kind?: string;
  /** The images its options carry (address and alt text); absent without images. */
  images?: { url: string; alt: string }[];
}

const pollFields = (p: PollFacts) => ({
  title: p.title,
  description: p.description ?? null,
  category: p.category,
  type: p.type,
  creatorId: p.creatorId,
  isShareable: p.isShareable ?? false,
  createdAt: p.createdAt,
  ...(p.kind === 'quiz' || p.kind === 'ranked' ? { kind: p.kind } : {}),
  ...(p.images?.length ? { images: p.images } : {}),
  search: searchText(p.title, p.description),
});

/**
 * A poll: its facts from its creation event or its page; its vote count from the page only (the creation event
 * starts it at 0, the vote tally counts on from there).
 */
export async function savePoll(models: Models, id: string, poll: PollFacts & { votesCount?: number }) {
  const votes = poll.votesCount === undefined ? { $setOnInsert: { votesCount: 0 } } : {};
  await models.Poll.updateOne(
    { _id: id },
    {
      $set: { ...pollFields(poll), ...(poll.votesCount === undefined ? {} : { votesCount: poll.votesCount }) },
      ...votes,
    },
    { upsert: true },
  );
}

/** A report is written once, pending; the panel decides on it afterwards. */
export async function saveReport(
  models: Models,
  id: string,
  report: { pollId: string; reporterId: string; reason: string; description: string | null; createdAt: Date },
) {
  const { pollId, reporterId, reason, description, createdAt } = report;
  await models.Report.updateOne(
    { _id: id },
    { $setOnInsert: { pollId, reporterId, reason, description, createdAt, status: 'pending' } },
    { upsert: true },
  );
}

/** A poll is gone (its creator or an administrator deleted it): it leaves the lists and its reports are resolved. */
export async function forgetPoll(models: Models, pollId: string): Promise<void> {
  await models.Report.updateMany({ pollId, status: 'pending' }, { $set: { status: 'resolved' } });
  await models.Poll.deleteOne({ _id: pollId });
  await models.Vote.deleteMany({ pollId });
  await models.PollEdit.deleteMany({ pollId });
}

/** Which parts of the read model hold nothing yet. */
export async function emptyParts(models: Models) {
  const [users, polls, reports] = await Promise.all([
    models.User.estimatedDocumentCount(),
    models.Poll.estimatedDocumentCount(),
    models.Report.estimatedDocumentCount(),
  ]);
  return { users: users === 0, polls: polls === 0, reports: reports === 0 };
}
