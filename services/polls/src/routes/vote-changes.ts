/**
 * Changing or taking back a vote (members on the poll, members and visitors on the share link) and the flows of a
 * poll that allows it: how many moved from which option to which, never who.
 */
import type { ServiceApp } from '@meydan/kit';
import { apiPaths } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import {
  changeMemberVote,
  changeShareVote,
  readFlows,
  takeBackMemberVote,
  takeBackShareVote,
} from '../usecases/vote-changes.js';
import { identityOf } from './common.js';

export async function voteChangeRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  memberChangeRoutes(app, ctx);
  shareLinkChangeRoutes(app, ctx);
  flowsRoute(app, ctx);
}

/** A member's change or take-back on the poll's page. */
function memberChangeRoutes(app: ServiceApp, ctx: PollsContext) {
  app.put(
    apiPaths.pollVote,
    {
      schema: {
        summary: 'Oyunu değiştirir (oy değiştirmeye izin veren, açık ankette; gövde oy verirkenki gibi)',
        params: { $ref: 'meydan/poll-id-params' },
        body: { $ref: 'meydan/poll-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    (request) => changeMemberVote(ctx, request.params.id, identityOf(request), request.body, request),
  );

  app.delete(
    apiPaths.pollVote,
    {
      schema: {
        summary: 'Oyunu geri çeker (oy değiştirmeye izin veren, açık ankette)',
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/vote-taken-back' } },
      },
    },
    (request) => takeBackMemberVote(ctx, request.params.id, identityOf(request), request),
  );
}

/** A member's or a visitor's change or take-back through the share link (from the same browser). */
function shareLinkChangeRoutes(app: ServiceApp, ctx: PollsContext) {
  app.put(
    apiPaths.shareVote,
    {
      schema: {
        summary: 'Paylaşım bağlantısından verilen oyu değiştirir (hesap gerekmez; aynı tarayıcıdan)',
        params: { $ref: 'meydan/share-code-params' },
        body: { $ref: 'meydan/share-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    (request) => changeShareVote(ctx, request.params.shortUrl, identityOf(request), request.body, request),
  );

  app.delete(
    apiPaths.shareVote,
    {
      schema: {
        summary: 'Paylaşım bağlantısından verilen oyu geri çeker (hesap gerekmez; aynı tarayıcıdan)',
        params: { $ref: 'meydan/share-code-params' },
        response: { 200: { $ref: 'meydan/vote-taken-back' } },
      },
    },
    (request) => takeBackShareVote(ctx, request.params.shortUrl, identityOf(request), request),
  );
}

function flowsRoute(app: ServiceApp, ctx: PollsContext) {
  app.get(
    '/api/polls/:id/flows',
    {
      schema: {
        summary:
          "Oy akışları: oy değiştirmeye izin veren ankette kaç kişinin hangi seçenekten hangisine geçtiği ('A'dan B'ye 312 kişi geçti'), kim olduğu söylenmeden",
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/poll-flows' } },
      },
    },
    async (request) => readFlows(ctx, request.params.id, identityOf(request), request),
  );
}
