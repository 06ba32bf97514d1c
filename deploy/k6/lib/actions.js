// The requests of a mixed load, shared by deploy/k6/mixed.js and the `mixed` scenario of deploy/k6/hot-paths.js (k6
// only: it imports k6/http). `params` are k6 request parameters that carry who sends it (a member's cookie or token,
// or nothing for a visitor) and its tags.
import http from 'k6/http';

const JSON_TYPE = { 'content-type': 'application/json' };

/** The status each action answers with when it went through. */
export const OK_STATUS = { feed: 200, poll: 200, vote: 200, like: 200, comment: 201, share_vote: 200 };

const withJson = (params) => ({ ...params, headers: { ...JSON_TYPE, ...(params.headers || {}) } });

/**
 * One action: `feed` (GET /api/polls), `poll` (GET /api/polls/{id}), `vote` (`body` is the ballot), `like` (likes or
 * takes the like back), `comment` (`body` is the comment's text).
 */
export function actionRequest(base, action, { pollId, params = {}, body }) {
  if (action === 'feed') return http.get(`${base}/api/polls`, params);
  if (action === 'poll') return http.get(`${base}/api/polls/${pollId}`, params);
  if (action === 'vote') return http.post(`${base}/api/polls/${pollId}/vote`, JSON.stringify(body), withJson(params));
  if (action === 'like') return http.post(`${base}/api/polls/${pollId}/like`, null, params);
  if (action === 'comment')
    return http.post(`${base}/api/polls/${pollId}/comments`, JSON.stringify({ text: body }), withJson(params));
  throw new Error(`unknown action ${action}`);
}

/**
 * A new visitor votes through a share link: an empty cookie jar, filled by the share link's read (which hands out the
 * visitor cookie), then the vote with it. `vote` is null when the read failed.
 */
export function shareLinkVote(base, code, body, tags = {}) {
  const jar = new http.CookieJar();
  const opened = http.get(`${base}/api/s/${code}`, { jar, tags: { ...tags, name: 'share_open' } });
  if (opened.status !== 200) return { opened, vote: null };
  const vote = http.post(`${base}/api/s/${code}/vote`, JSON.stringify(body), {
    jar,
    headers: JSON_TYPE,
    tags: { ...tags, name: 'share_vote' },
  });
  return { opened, vote };
}
