/**
 * Shared schema fragments. They carry no `$id`, so they can be embedded in several schemas (ajv refuses one `$id`
 * registered twice). Request-body fragments carry Turkish `errorMessage` texts (ajv-errors).
 */

/** A non-empty identifier (MongoDB ObjectId hex or any other opaque string). */
export const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A MongoDB ObjectId as hex. */
export const objectIdField = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } as const;

/** An identifier or null (a visitor, no cursor yet). */
export const nullableIdField = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;

/** An ISO 8601 date-time string. */
export const dateTimeField = { type: 'string', format: 'date-time' } as const;

/** A count (non-negative integer). */
export const countField = { type: 'integer', minimum: 0 } as const;
/** A count another service answers; null when that service could not be asked. */
export const nullableCountField = { type: ['integer', 'null'], minimum: 0 } as const;

/** A nullable URL or path of an avatar picture. */
export const avatarUrlField = { type: ['string', 'null'], maxLength: 2048 } as const;

/** A nullable display name (falls back to the username). */
export const displayNameField = { type: ['string', 'null'], maxLength: 100 } as const;

/** Ignored identity fields a client may still send (the server decides who the user is). */
export const ignoredIdField = {
  type: ['string', 'integer', 'null'],
  maxLength: 64,
  deprecated: true,
  description: 'Kabul edilir ama kullanılmaz: kimin istek yaptığına sunucu karar verir',
} as const;

/** Votes per option index, e.g. {"0": 3, "1": 5}. */
export const voteCountsField = {
  type: 'object',
  propertyNames: { pattern: '^(0|[1-9][0-9]*)$' },
  additionalProperties: { type: 'integer', minimum: 0 },
} as const;

/** Poll visibility types. */
export const pollTypes = ['public', 'private', 'friends'] as const;
export type PollType = (typeof pollTypes)[number];

/**
 * Who may vote through a share link, chosen by the creator at creation ('Tarayıcı başına' / 'IP başına' /
 * 'Yalnızca üyeler'): `browser` (the default) one vote per browser (the visitor cookie), with at most
 * `limits.poll.shareVotesPerIp` visitor votes from one IP address on one poll; `ip` one vote per IP address, members
 * included; `members` members only. A member always votes as themself, once.
 */
export const shareVoteModes = ['browser', 'ip', 'members'] as const;
export type ShareVoteMode = (typeof shareVoteModes)[number];
export const defaultShareVoteMode: ShareVoteMode = 'browser';

/**
 * Who sees a poll's per-option counts, chosen by the creator at creation: `after-vote` (the default: those who voted
 * on it, on every channel; before voting a card shows no result and the lists answer 0 votes), `always` (everyone,
 * before voting too), `after-close` (nobody, the creator included, until the poll ends) and `creator` (only the
 * creator until the poll ends). The creator sees their own poll's counts in every mode but after-close (there once it
 * ended), voted or not. Once a poll has ended (expiry or closed early) everyone who may see it sees its counts. A Dost
 * Meclisi poll shows its counts only to those who voted on it and its creator. Where counts are hidden the API answers
 * every option's votes as 0 with `resultsVisible: false`; the total stays (it counts voters, not choices). The rule is
 * services/polls/src/domain/results-visibility.ts.
 */
export const resultsVisibilities = ['after-vote', 'always', 'after-close', 'creator'] as const;
export type ResultsVisibility = (typeof resultsVisibilities)[number];
export const defaultResultsVisibility: ResultsVisibility = 'after-vote';

/**
 * What a poll asks for: `standard` (an opinion: no answer is right, the default) or `quiz` ('Bilgi yarışması': the
 * creator marks the correct option or options; a voter learns after voting whether they were right). A quiz is single
 * choice, its votes are final, and its correct options reach a viewer only once they voted or the poll ended (its
 * creator always).
 * The rule is services/polls/src/domain/quiz.ts. `ranked` ('Sıralamalı oy'): a ballot ranks some or all options and
 * the result is an instant runoff (services/polls/src/domain/ranked.ts and runoff.ts).
 */
/**
 * The images a poll's options carry, as the admin's polls list shows them to moderators (its creation event and the
 * polls page a rebuild reads carry them): each image's address and alt text, in the options' order, none for an option
 * without one; absent on a poll without images.
 */
export const announcedImagesField = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['url', 'alt'],
    properties: { url: { type: 'string' }, alt: { type: 'string' } },
  },
} as const;

export const pollKinds = ['standard', 'quiz', 'ranked'] as const;
export type PollKind = (typeof pollKinds)[number];

/**
 * Why a poll's counts are hidden and when they appear, as the cards, the share page, the embeds and the link preview
 * card say it (by the poll's results visibility; `afterCloseOpenEnded` for an after-close poll without an end time).
 */
export const resultsHiddenMessages = {
  afterClose: 'Sonuçlar anket bitince görünecek',
  afterCloseOpenEnded: 'Sonuçlar, anketi oluşturan anketi sonlandırınca görünecek',
  creator: 'Sonuçları yalnızca anketi oluşturan görebilir; anket bitince herkes görecek',
  friends: 'Sonuçları görmek için oy ver',
} as const;

/** The sentence of `resultsHiddenMessages` for a poll whose counts the viewer is not shown. */
export function resultsHiddenMessage(poll: {
  resultsVisibility?: string | undefined;
  expiresAt: string | null;
}): string {
  if (poll.resultsVisibility === 'creator') return resultsHiddenMessages.creator;
  if (poll.resultsVisibility === 'after-close')
    return poll.expiresAt ? resultsHiddenMessages.afterClose : resultsHiddenMessages.afterCloseOpenEnded;
  return resultsHiddenMessages.friends;
}

/** User roles. */
export const userRoles = ['member', 'moderator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
/** The staff's roles: a moderator handles reports, content and suspensions; an admin all of that and the staff, mail, exports. */
export const staffRoles = ['moderator', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  role === 'moderator' || role === 'admin';

/** Pattern "contains something other than white space". */
export const notBlank = '\\S';
