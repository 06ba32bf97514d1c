/**
 * Changing or taking back a vote (members on the poll, members and visitors on the share link) and the flows of a
 * poll that allows it: how many moved from which option to which, never who.
 */
import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  pollServiceMessages as S,
  voteOptionIndexes,
  type PollFlows,
  type PollIdParams,
  type PollVoteBody,
  type ShareCodeParams,
  type ShareVoteBody,
} from '@meydan/proto';
import { HttpError } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { countsVisibleTo } from '../domain/results-visibility.js';
import { voterOf } from '../store/keys.js';
import type { PollMeta } from '../store/polls.js';
import { changeVote } from './change-vote.js';
import { canSee, identityOf, pollNotFound } from './common.js';
import { shareVoter } from './votes.js';

export async function voteChangeRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  /** The member's poll (they may see it) and their voter name. */
  async function memberVoter(request: { params: PollIdParams } & Parameters<typeof identityOf>[0]): Promise<{ meta: PollMeta; voter: string }> {
    const viewer = identityOf(request);
    const meta = await ctx.polls.meta(request.params.id);
    if (!meta || !(await canSee(ctx, meta, viewer, request))) throw pollNotFound();
    if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInToVote);
    return { meta, voter: `u:${viewer.userId}` };
  }

  app.put<{ Params: PollIdParams; Body: PollVoteBody }>(
    apiPaths.pollVote,
    {
      schema: {
        summary: 'Oyunu değiştirir (oy değiştirmeye izin veren, açık ankette; gövde oy verirkenki gibi)',
        params: { $ref: 'meydan/poll-id-params' },
        body: { $ref: 'meydan/poll-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    async (request) => {
      const { meta, voter } = await memberVoter(request);
      return changeVote(ctx, request, meta, voter, voteOptionIndexes(request.body), 'change');
    },
  );

  app.delete<{ Params: PollIdParams }>(
    apiPaths.pollVote,
    {
      schema: {
        summary: 'Oyunu geri çeker (oy değiştirmeye izin veren, açık ankette)',
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/vote-taken-back' } },
      },
    },
    async (request) => {
      const { meta, voter } = await memberVoter(request);
      return changeVote(ctx, request, meta, voter, null, 'take');
    },
  );

  app.put<{ Params: ShareCodeParams; Body: ShareVoteBody }>(
    apiPaths.shareVote,
    {
      schema: {
        summary: 'Paylaşım bağlantısından verilen oyu değiştirir (hesap gerekmez; aynı tarayıcıdan)',
        params: { $ref: 'meydan/share-code-params' },
        body: { $ref: 'meydan/share-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    async (request) => {
      const { meta, voter } = await shareVoter(ctx, request, request.params.shortUrl);
      return changeVote(ctx, request, meta, voter, voteOptionIndexes(request.body), 'change');
    },
  );

  app.delete<{ Params: ShareCodeParams }>(
    apiPaths.shareVote,
    {
      schema: {
        summary: 'Paylaşım bağlantısından verilen oyu geri çeker (hesap gerekmez; aynı tarayıcıdan)',
        params: { $ref: 'meydan/share-code-params' },
        response: { 200: { $ref: 'meydan/vote-taken-back' } },
      },
    },
    async (request) => {
      const { meta, voter } = await shareVoter(ctx, request, request.params.shortUrl);
      return changeVote(ctx, request, meta, voter, null, 'take');
    },
  );

  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/flows',
    {
      schema: {
        summary: "Oy akışları: oy değiştirmeye izin veren ankette kaç kişinin hangi seçenekten hangisine geçtiği ('A'dan B'ye 312 kişi geçti'), kim olduğu söylenmeden",
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/poll-flows' } },
      },
    },
    async (request): Promise<PollFlows> => {
      const viewer = identityOf(request);
      const meta = await ctx.polls.meta(request.params.id);
      if (!meta || !(await canSee(ctx, meta, viewer, request))) throw pollNotFound();
      await ctx.counters.countsOfOne(meta);
      const voter = voterOf(viewer);
      const choice = voter ? (await ctx.counters.choicesOf([meta.id], voter)).get(meta.id) : null;
      // The flows are counts: shown only to a viewer who may see the poll's counts (its results visibility).
      const resultsVisible = countsVisibleTo(meta, viewer.userId, Boolean(choice), new Date());
      const flows = meta.allowVoteChange && resultsVisible ? await ctx.voteChanges.flows(meta.id) : [];
      return {
        pollId: meta.id,
        allowVoteChange: meta.allowVoteChange,
        resultsVisible,
        flows,
        totalMoves: flows.reduce((n, f) => n + f.count, 0),
      };
    },
  );
}
