import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths } from '@meydan/proto';
import { counter, errorCodeOf } from '@meydan/kit';

const votesAccepted = counter({
  name: 'meydan_votes_accepted_total',
  help: 'Votes counted, by kind (member: POST /api/polls/{id}/vote; share_link: POST /api/s/{code}/vote)',
  labelNames: ['kind'],
});

const votesRefused = counter({
  name: 'meydan_votes_refused_total',
  help: "Votes refused, by kind and by the answer's error code (already_voted, rate_limited, poll_expired, validation, …)",
  labelNames: ['kind', 'reason'],
});

const voteKinds: Record<string, string> = { [apiPaths.pollVote]: 'member', [apiPaths.shareVote]: 'share_link' };

/** onResponse: counts each answered vote request as accepted or refused (with the error code it got). */
export function countVotes(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const kind = request.routeOptions.url === undefined ? undefined : voteKinds[request.routeOptions.url];
  if (kind && request.method === 'POST') {
    if (reply.statusCode < 400) votesAccepted.inc({ kind });
    else votesRefused.inc({ kind, reason: errorCodeOf(reply) ?? String(reply.statusCode) });
  }
  done();
}
