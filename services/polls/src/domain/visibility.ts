/**
 * Who may see a poll. public: everyone; private: members; friends: the creator and the creator's mutual followers;
 * share-link polls: only through their short link (and their creator). A poll one may not see is answered as missing.
 */
import type { PollType } from '@meydan/proto';
import type { Identity } from '@meydan/kit';

/**
 * The viewer to present an answer that is the same for every visitor for: a visitor's own vote can only be on a
 * share-link poll (feeds and polls by id never show those), so leaving the visitor id out changes nothing in it and
 * keeps it free of any visitor's data.
 */
export const anyVisitor: Identity = { userId: null, role: null, visitorId: null };

export interface Viewer {
  userId: string | null;
}

export interface VisibilityFacts {
  type: PollType;
  creatorId: string;
  isShareable: boolean;
}

/** Whether the viewer may see the poll by its id (feeds, detail, vote). `mutualsOfViewer` is needed for friends polls. */
export function pollVisibleTo(poll: VisibilityFacts, viewer: Viewer, mutualsOfViewer: readonly string[] = []): boolean {
  if (viewer.userId !== null && viewer.userId === poll.creatorId) return true;
  if (poll.isShareable) return false;
  return audienceAllows(poll, viewer, mutualsOfViewer);
}

/** The type rule alone. Mutuality is symmetric: the viewer is a mutual of the creator iff the creator is one of the viewer's. */
export function audienceAllows(
  poll: Pick<VisibilityFacts, 'type' | 'creatorId'>,
  viewer: Viewer,
  mutualsOfViewer: readonly string[],
): boolean {
  switch (poll.type) {
    case 'public':
      return true;
    case 'private':
      return viewer.userId !== null;
    case 'friends':
      return viewer.userId !== null && (viewer.userId === poll.creatorId || mutualsOfViewer.includes(poll.creatorId));
    default:
      return false;
  }
}

/** Whether a poll needs the viewer's mutuals to decide (only friends polls of someone else, for a member). */
export function needsMutuals(poll: Pick<VisibilityFacts, 'type' | 'creatorId'>, viewer: Viewer): boolean {
  return poll.type === 'friends' && viewer.userId !== null && viewer.userId !== poll.creatorId;
}

/** The MongoDB filter of the poll types a viewer may see by id (share-link polls are left out by the caller). */
export function audienceFilter(viewer: Viewer, mutualsOfViewer: readonly string[]): Record<string, unknown> {
  if (viewer.userId === null) return { type: 'public' };
  const circle = [viewer.userId, ...mutualsOfViewer];
  return { $or: [{ type: { $in: ['public', 'private'] } }, { type: 'friends', creatorId: { $in: circle } }] };
}

/**
 * The MongoDB filter of the polls a viewer may find in a feed: never share-link polls, never expired ones.
 * `feed: 'friends'` keeps only Dost Meclisi polls (of the viewer and of their mutuals).
 */
export function feedFilter(
  viewer: Viewer,
  mutualsOfViewer: readonly string[],
  options: {
    feed: 'trending' | 'new' | 'friends';
    category?: string | undefined;
    now: Date;
    hiddenCreators?: readonly string[];
  },
): Record<string, unknown> {
  const circle = viewer.userId === null ? [] : [viewer.userId, ...mutualsOfViewer];
  const audience =
    options.feed === 'friends'
      ? { type: 'friends', creatorId: { $in: circle } }
      : audienceFilter(viewer, mutualsOfViewer);
  const filter: Record<string, unknown> = {
    isShareable: false,
    // Never a poll the word filter holds for review (the rank rows of feeds have no such field: none is held there).
    heldAt: null,
    $and: [audience, { $or: [{ expiresAt: null }, { expiresAt: { $gt: options.now } }] }],
  };
  if (options.category) filter['category'] = options.category;
  if (options.hiddenCreators?.length)
    (filter['$and'] as object[]).push({ creatorId: { $nin: [...options.hiddenCreators] } });
  return filter;
}
