// k6: the chaos run's vote storm, through the gateway, at a constant arrival rate until the chaos run says stop (or
// for DURATION_S seconds at most). Every second vote is a member's on a member poll (its own session, never twice on
// one poll), the others a visitor's through a share link (a fresh cookie jar: GET /api/s/{code} hands out the visitor
// cookie, then the vote).
// Each answer is printed as one line `V,<ms since epoch>,<poll index>,<voter>,<status>,<sent>` (status 0: no answer;
// sent: when the iteration's first request left, ms since epoch) for deploy/chaos/verify.mjs to count; nothing else
// is printed. The polls allow changing a vote (issue 38): after an accepted vote, every fifth voter moves it to
// another option (and every tenth then takes it back), and one in five others takes it back at once, each on its own
// line `C,<ms since epoch>,<poll index>,<voter>,<status>,<sent>,change|take,<option or ->,<error code or ->`, in the
// order sent. The polls named ranked in POLLS_FILE get a ranking ({"ranking": [...]}, deploy/k6/lib/ballots.js) and
// nothing after it: their ballots are final.
// The end: every VU asks CONTROL_URL at most every CHECK_MS for the moment the storm stops (ms since epoch, 0 while
// it goes on) and starts no vote from then on, nor after an ask that went unanswered; the counters votes_started and
// votes_answered (k6's REST API) tell the chaos run when every vote sent has its line, so that it can end k6 without
// cutting one off.
// Env: BASE_URL, SIDS_FILE (JSON [{sid, userId}]), POLLS_FILE (JSON {member: [ids], share: [codes], ranked: {member:
// [indexes], share: [indexes]}}), RATE,
// DURATION_S, CONTROL_URL, CHECK_MS.
import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter } from 'k6/metrics';
import { rankingOf } from '../k6/lib/ballots.js';

const BASE = __ENV.BASE_URL;
const RATE = Number(__ENV.RATE || 30);
const CONTROL = __ENV.CONTROL_URL;
/** How long a VU goes on from what it last heard of the stop: the longest a vote may start after it. */
const CHECK_MS = Number(__ENV.CHECK_MS || 2000);
const members = new SharedArray('members', () => JSON.parse(open(__ENV.SIDS_FILE)));
const polls = JSON.parse(open(__ENV.POLLS_FILE));
const started = new Counter('votes_started');
const answered = new Counter('votes_answered');

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: [],
  scenarios: {
    storm: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: `${Number(__ENV.DURATION_S || 150)}s`,
      gracefulStop: '25s',
      preAllocatedVUs: Math.max(20, RATE),
      maxVUs: Math.max(200, RATE * 10),
    },
  },
};

const params = (extra) => ({ timeout: '10s', ...extra });
/** The same request without a content type: a DELETE has no body (an empty one said to be JSON is a 400). */
const bodiless = (extra) => {
  const { 'content-type': _json, ...headers } = extra.headers ?? {};
  return params({ ...extra, headers });
};

// Per VU: the stop as last heard, and when to ask again.
let stopAt = 0;
let nextCheck = 0;

/**
 * Whether this iteration starts no vote: the chaos run has stopped the storm (asked at most every CHECK_MS), or the
 * ask went unanswered. The chaos run ends k6 once the votes sent are all answered; an ask cut off by that end must not
 * let a vote start (it would be cut off at once, an unanswered vote after the storm). A skipped iteration is no vote.
 */
function stopped() {
  if (!CONTROL) return false;
  const now = Date.now();
  if (!stopAt && now >= nextCheck) {
    nextCheck = now + CHECK_MS;
    const res = http.get(CONTROL, { timeout: '2s', responseType: 'text', tags: { name: 'control' } });
    if (res.status !== 200) return true;
    stopAt = Number(res.body) || 0;
  }
  return stopAt > 0 && now >= stopAt;
}

function answer(line) {
  console.log(line);
}

/** The `error` of a refused answer's JSON body (e.g. `event_not_published`), or '-'. */
function errorCode(res) {
  if (res.status < 400 || !res.body) return '-';
  try {
    const { error } = JSON.parse(res.body);
    return /^[a-z_]+$/.test(error) ? error : '-';
  } catch (_) {
    return '-';
  }
}

/**
 * After the `n`-th vote of a kind was accepted at `url` (the same cookie or jar): a change to another option for
 * every fifth (then a take-back for every tenth), a take-back for one in five others, each answer on its C line.
 */
function followUp(url, extra, pollKey, voter, n) {
  const steps = n % 10 === 0 ? ['change', 'take'] : n % 5 === 0 ? ['change'] : n % 5 === 3 ? ['take'] : [];
  for (const kind of steps) {
    const sent = Date.now();
    const option = ((n % 3) + 1) % 3;
    // The body is read (the storm discards the others'): a 503's error code says whether the change was made.
    const res =
      kind === 'change'
        ? http.put(url, JSON.stringify({ optionIndex: option }), params({ ...extra, responseType: 'text' }))
        : http.del(url, null, bodiless({ ...extra, responseType: 'text' }));
    answer(
      `C,${Date.now()},${pollKey},${voter},${res.status},${sent},${kind},${kind === 'change' ? option : '-'},${errorCode(res)}`,
    );
  }
}

/**
 * The ballot of the storm's n-th vote of a kind (member or share-link) over `count` polls of that kind: a single option,
 * or on a ranked poll the ranking of its own n-th ballot (n / count), so that its first choices turn too.
 */
const ballotOf = (ranked, n, count) =>
  ranked ? { ranking: rankingOf(Math.floor(n / count), 3) } : { optionIndex: n % 3 };

export default function () {
  if (stopped()) return;
  started.add(1);
  vote();
  // Answered once every request of the iteration has its line (a change or take-back included).
  answered.add(1);
}

function vote() {
  const sent = Date.now();
  // A member's n-th vote: member n mod M on poll n mod P. With M and P coprime (the chaos run seeds M so), no member
  // votes twice on one poll before M × P member votes: the members last the storm's longest P times over.
  const i = exec.scenario.iterationInTest;
  const half = Math.floor(i / 2);
  if (i % 2 === 0) {
    const member = members[half % members.length];
    const p = half % polls.member.length;
    const url = `${BASE}/api/polls/${polls.member[p]}/vote`;
    const headers = { 'content-type': 'application/json', cookie: `sid=${member.sid}` };
    const ranked = polls.ranked.member.includes(p);
    const res = http.post(url, JSON.stringify(ballotOf(ranked, half, polls.member.length)), params({ headers }));
    answer(`V,${Date.now()},m${p},u:${member.userId},${res.status},${sent}`);
    if (res.status === 200 && !ranked) followUp(url, { headers }, `m${p}`, `u:${member.userId}`, half);
    return;
  }
  const p = half % polls.share.length;
  const code = polls.share[p];
  const jar = new http.CookieJar();
  const page = http.get(`${BASE}/api/s/${code}`, params({ jar }));
  const vid = (jar.cookiesForURL(BASE).vid || [])[0];
  if (!vid) {
    answer(`V,${Date.now()},s${p},-,${page.status === 200 ? 'nocookie' : page.status},${sent}`);
    return;
  }
  const url = `${BASE}/api/s/${code}/vote`;
  const ranked = polls.ranked.share.includes(p);
  const res = http.post(
    url,
    JSON.stringify(ballotOf(ranked, half, polls.share.length)),
    params({
      jar,
      headers: { 'content-type': 'application/json' },
    }),
  );
  const voter = `v:${decodeURIComponent(vid).split('.')[0]}`;
  answer(`V,${Date.now()},s${p},${voter},${res.status},${sent}`);
  if (res.status === 200 && !ranked)
    followUp(url, { jar, headers: { 'content-type': 'application/json' } }, `s${p}`, voter, half);
}
