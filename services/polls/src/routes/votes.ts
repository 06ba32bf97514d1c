/**
 * Votes (the hot path) and the public share link. A vote is one Redis Lua step (dedupe + counters of the ballot's
 * options, and on a share link the IP network's claim of the poll's share-vote rule), then a JetStream event whose
 * message id is derived from poll and voter, then the answer; MongoDB is written by the vote consumer
 * (usecases/votes.ts).
 */
import type { ServiceApp } from '@meydan/kit';
import { apiPaths } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { readShareLinkPoll, voteAsMember, voteOnShareLink } from '../usecases/votes.js';
import { identityOf } from './common.js';

export async function voteRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.post(
    apiPaths.pollVote,
    {
      schema: {
        summary:
          "Oy verir (optionIndex ya da optionId: seçeneğin 0'dan başlayan sırası; birden fazla seçimli ankette optionIndexes: en fazla maxChoices seçenek)",
        params: { $ref: 'meydan/poll-id-params' },
        body: { $ref: 'meydan/poll-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    // The use case's promise is the answer: no frame of its own on the hot path.
    (request) => voteAsMember(ctx, request.params.id, identityOf(request), request.body, request),
  );

  app.get(
    '/api/s/:shortUrl',
    {
      schema: {
        summary: 'Paylaşım bağlantısındaki anket',
        params: { $ref: 'meydan/share-code-params' },
        response: { 200: { $ref: 'meydan/share-link-poll' } },
      },
    },
    async (request) => readShareLinkPoll(ctx, request.params.shortUrl, identityOf(request), request),
  );

  app.post(
    apiPaths.shareVote,
    {
      schema: {
        summary: 'Paylaşım bağlantısından oy verir (hesap gerekmez)',
        params: { $ref: 'meydan/share-code-params' },
        body: { $ref: 'meydan/share-vote' },
        response: { 200: { $ref: 'meydan/vote-result' } },
      },
    },
    (request) => voteOnShareLink(ctx, request.params.shortUrl, identityOf(request), request.body, request),
  );
}
