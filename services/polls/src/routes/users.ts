/** A member's polls and votes for the profile page. */
import type { FastifyInstance } from 'fastify';
import { OWN_USER_KEY, pollServiceMessages as S, socialMessages, type PollType, type UserIdParams, type UserVote } from '@meydan/proto';
import { HttpError, requireMember } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { newestPollsOf } from '../store/creator-polls.js';
import { votesWithPolls } from '../store/poll-records.js';
import { ballotOfVote } from '../domain/ballots.js';
import { pollVisibleTo } from '../domain/visibility.js';
import type { PollDoc } from '../model/index.js';
import { presentPolls } from '../store/present.js';
import { SAME_FOR_EVERY_VISITOR, anyVisitor, identityOf } from './common.js';

const LIST_MAX = 200;

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  // The owner sees every poll of theirs (share-link and ended ones too); others only what they may see in a feed,
  // and of a private profile nothing unless they are mutual followers.
  app.get<{ Params: UserIdParams }>(
    '/api/users/:id/polls',
    { schema: { summary: 'Bir üyenin anketleri (me: giriş yapan üye)', params: { $ref: 'meydan/user-id-params' }, response: { 200: { $ref: 'meydan/user-poll-list' } } } },
    async (request, reply) => {
      const ownerId = request.params.id === OWN_USER_KEY ? requireMember(request, S.signInForOwnPolls) : request.params.id;
      const viewer = identityOf(request);
      let shows = (_poll: PollDoc) => true;
      // A member the owner blocked sees nothing of theirs: 404, as for a member that does not exist.
      if (viewer.userId && viewer.userId !== ownerId && (await ctx.people.hidden(viewer.userId, request)).blockedBy.includes(ownerId)) {
        throw new HttpError(404, 'not_found', socialMessages.userNotFound);
      }
      if (viewer.userId !== ownerId) {
        const [mutuals, isPublic] = await Promise.all([
          ctx.people.mutualsOrNone(viewer.userId, request),
          ctx.people.profileIsPublic(ownerId, request),
        ]);
        if (!isPublic && !mutuals.includes(ownerId)) throw new HttpError(403, 'forbidden', socialMessages.privateProfile);
        // What they may see by id (never share-link polls), and only while it runs, as in a feed.
        const now = Date.now();
        shows = (poll) =>
          pollVisibleTo({ type: poll.type as PollType, creatorId: poll.creatorId, isShareable: Boolean(poll.isShareable) }, viewer, mutuals) &&
          (poll.expiresAt == null || new Date(poll.expiresAt).getTime() > now) &&
          !poll.heldAt;
      }
      if (viewer.userId !== ownerId && (await ctx.banned.has(ownerId))) return [];
      const docs = await newestPollsOf(ctx, ownerId, shows, LIST_MAX);
      if (viewer.userId) return presentPolls(ctx, docs, viewer, request);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return presentPolls(ctx, docs, anyVisitor, request);
    },
  );

  app.get<{ Params: UserIdParams }>(
    '/api/users/:id/votes',
    { schema: { summary: 'Kendi oyların', params: { $ref: 'meydan/user-id-params' }, response: { 200: { $ref: 'meydan/user-vote-list' } } } },
    async (request) => {
      const ownerId = request.params.id;
      const viewer = identityOf(request);
      if (!viewer.userId) throw new HttpError(401, 'unauthorized');
      if (viewer.userId !== ownerId) throw new HttpError(403, 'forbidden', S.votesOnlyOwner);
      const { votes, polls } = await votesWithPolls(ctx, ownerId, LIST_MAX * 5);
      const byId = new Map(polls.map((p) => [String(p._id), p]));
      const list: UserVote[] = [];
      for (const v of votes) {
        const poll = byId.get(String(v.pollId));
        if (!poll) continue;
        const selected = ballotOfVote(v).map((i) => poll.options[i] ?? '');
        list.push({
          voteId: String(v._id),
          pollId: String(v.pollId),
          pollTitle: poll.title,
          pollCategory: poll.category,
          selectedOption: selected.join(', '),
          ...(selected.length > 1 ? { selectedOptions: selected } : {}),
          votedAt: new Date(v.votedAt).toISOString(),
        });
      }
      return list;
    },
  );
}
