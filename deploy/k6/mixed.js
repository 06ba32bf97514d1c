// k6: Meydan as its users use it, against any deployment, with members the load tester brings (nothing is written
// into the deployment's database but what the members themselves do through the API).
//
//   k6 run -e BASE_URL=https://staging.meydan.example -e MEMBERS_CSV=members.csv deploy/k6/mixed.js
//
// Members: MEMBERS_CSV, a CSV with a header row and either the columns `email,password` (setup() signs each in with
// POST /api/login) or the column `token` (personal API tokens, sent as `Authorization: Bearer`). MAX_MEMBERS (default
// 50) bounds how many are signed in. Sign-ins and tokens are rate limited per IP and per token: put the load
// generator's address in the gateway's RATE_LIMIT_ALLOWLIST (deploy/k6/README.md).
//
// Scenarios (SCENARIOS, comma-separated; default both), side by side:
//   mixed  RATE arrivals per second (default 20) for DURATION_S (default 60), each one action of a member, by weight
//          (in a fixed, evenly spread order: deploy/k6/lib/mix.js): feed reads 45, poll views 25, votes 10, likes 6,
//          comments 4, share-link votes (a new visitor each) 10
//   live   SOCKETS sockets (default 20) on /ws (socket.io over k6's websockets module) that follow the share-link poll; each
//          casts a share-link vote every VOTE_EVERY_S (default 2) seconds as a new visitor and measures the time from
//          the vote's answer to the `poll_update` that includes it (`vote_to_update`)
// Thresholds: http p99 < P99_MS (default 500), failed requests ≤ MAX_ERROR_RATE (default 0.01), and the same two per
//   action of `mixed` (every request is tagged with its action: `http_req_duration{action:vote}`; P99_MS_<ACTION>,
//   e.g. P99_MS_COMMENT, sets one action's own); for `live`: vote_to_update p99 < LIVE_P99_MS (default 1000), at most
//   MAX_MISSED_UPDATES (default 0) votes whose update never came (`missed_updates`), and at least one update received
//   (`live_updates` > 0). A crossed threshold makes k6 exit 99.
// Self-test of the live thresholds: BREAK_LIVE=1 makes the sockets follow another share-link poll than the one they
//   vote on, so no update ever arrives: the run must fail (exit 99) on missed_updates and live_updates.
// Report: K6_WEB_DASHBOARD=true K6_WEB_DASHBOARD_EXPORT=report.html writes k6's HTML report.
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter, Trend } from 'k6/metrics';
import { WebSocket } from 'k6/experimental/websockets';
import { parseCsv } from './lib/csv.js';
import { actionOf, mixPlan } from './lib/mix.js';
import { actionRequest, shareLinkVote } from './lib/actions.js';

const BASE = (__ENV.BASE_URL || '').replace(/\/+$/, '');
if (!BASE) throw new Error('BASE_URL is required, e.g. -e BASE_URL=http://127.0.0.1:8080');
const ALL = ['mixed', 'live'];
const SELECTED = (__ENV.SCENARIOS || ALL.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of SELECTED)
  if (!ALL.includes(name)) throw new Error(`unknown scenario ${name}; known: ${ALL.join(',')}`);
const RATE = Number(__ENV.RATE || 20);
const DURATION_S = Number(__ENV.DURATION_S || 60);
const SOCKETS = Number(__ENV.SOCKETS || 20);
const VOTE_EVERY_S = Number(__ENV.VOTE_EVERY_S || 2);
const MAX_MEMBERS = Number(__ENV.MAX_MEMBERS || 50);
const P99_MS = Number(__ENV.P99_MS || 500);
const MAX_ERROR_RATE = Number(__ENV.MAX_ERROR_RATE || 0.01);
const BREAK_LIVE = ['1', 'true', 'on'].includes(String(__ENV.BREAK_LIVE || '').toLowerCase());

/** The members file: `email,password` rows, or `token` rows. */
const rows = new SharedArray('members', () => {
  if (!__ENV.MEMBERS_CSV) throw new Error('MEMBERS_CSV is required: a CSV of email,password or of token');
  const all = parseCsv(open(__ENV.MEMBERS_CSV));
  if (all.length === 0) throw new Error(`${__ENV.MEMBERS_CSV} holds no member`);
  if (!all.every((r) => r.token || (r.email && r.password)))
    throw new Error(`${__ENV.MEMBERS_CSV}: every row needs email and password, or token`);
  return all.slice(0, MAX_MEMBERS);
});

/** The share of each action in the mixed scenario (weights, not percentages). */
const MIX = mixPlan([
  ['feed', 45],
  ['poll', 25],
  ['vote', 10],
  ['like', 6],
  ['comment', 4],
  ['share_vote', 10],
]);

const voteToUpdate = new Trend('vote_to_update', true);
const missedUpdates = new Counter('missed_updates');
/** Updates that brought a socket's own vote: a run in which none arrives fails, however few votes it made. */
const liveUpdates = new Counter('live_updates');

/** The thresholds of one action of `mixed`, on the requests tagged with it. */
const actionThresholds = (action) => ({
  [`http_req_duration{action:${action}}`]: [`p(99)<${Number(__ENV[`P99_MS_${action.toUpperCase()}`] || P99_MS)}`],
  [`http_req_failed{action:${action}}`]: [`rate<=${MAX_ERROR_RATE}`],
});

export const options = {
  scenarios: Object.fromEntries(
    [
      [
        'mixed',
        {
          executor: 'constant-arrival-rate',
          rate: RATE,
          timeUnit: '1s',
          duration: `${DURATION_S}s`,
          preAllocatedVUs: Math.max(10, RATE),
          maxVUs: Math.max(50, RATE * 5),
          exec: 'mixed',
        },
      ],
      [
        'live',
        {
          executor: 'per-vu-iterations',
          vus: SOCKETS,
          iterations: 1,
          maxDuration: `${DURATION_S + 30}s`,
          exec: 'live',
        },
      ],
    ].filter(([name]) => SELECTED.includes(name)),
  ),
  thresholds: {
    http_req_failed: [`rate<=${MAX_ERROR_RATE}`],
    http_req_duration: [`p(99)<${P99_MS}`],
    ...(SELECTED.includes('mixed') ? Object.assign({}, ...MIX.names.map(actionThresholds)) : {}),
    ...(SELECTED.includes('live')
      ? {
          vote_to_update: [`p(99)<${Number(__ENV.LIVE_P99_MS || 1000)}`],
          missed_updates: [`count<=${Number(__ENV.MAX_MISSED_UPDATES || 0)}`],
          live_updates: ['count>0'],
        }
      : {}),
  },
  // A member who already voted gets 409, a visitor the API has not seen yet 400: expected answers, not failures.
  setupTimeout: '120s',
};
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

const json = { 'content-type': 'application/json' };

/** Request parameters as a member (the cookie goes by k6's `cookies`, which the VU's own jar cannot replace). */
const as = (member, headers = {}, tags = {}) => ({
  headers: { ...headers, ...member.headers },
  cookies: member.cookies,
  tags,
});

/** A member's credentials as request parameters: the session cookie, or the API token's header. */
function signIn(row) {
  if (row.token) return { headers: { authorization: `Bearer ${row.token}` }, cookies: {} };
  // A jar of its own: a login that sends another member's session cookie ends that session (auth's "previous").
  const res = http.post(`${BASE}/api/login`, JSON.stringify({ email: row.email, password: row.password }), {
    headers: json,
    jar: new http.CookieJar(),
    tags: { name: 'login' },
  });
  if (res.status !== 200) throw new Error(`signing in ${row.email} failed: ${res.status} ${res.body}`);
  return { headers: {}, cookies: { sid: res.cookies.sid[0].value } };
}

function createPoll(member, shareable) {
  const body = {
    title: 'Yük testi: hafta sonu nereye?',
    category: 'gunluk-hayat',
    options: ['Deniz', 'Dağ', 'Şehir', 'Ev'],
  };
  const res = http.post(`${BASE}/api/polls${shareable ? '/shareable' : ''}`, JSON.stringify(body), as(member, json));
  if (res.status !== 201) throw new Error(`creating a poll failed: ${res.status} ${res.body}`);
  const created = res.json();
  return shareable ? created.shareUrl.split('/s/')[1] : created.id;
}

export function setup() {
  const members = rows.map(signIn);
  const feed = http.get(`${BASE}/api/polls`, as(members[0]));
  let pollIds = feed.status === 200 ? (feed.json('polls') || []).map((p) => p.id).slice(0, 20) : [];
  if (pollIds.length < 3) pollIds = pollIds.concat([createPoll(members[0], false), createPoll(members[0], false)]);
  const shareCode = __ENV.SHARE_CODE || createPoll(members[0], true);
  // BREAK_LIVE: the sockets follow a poll nobody votes on (the thresholds' self-test).
  const followCode = SELECTED.includes('live') && BREAK_LIVE ? createPoll(members[0], true) : shareCode;
  return { members, pollIds, shareCode, followCode };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A new visitor votes through the share link: the vote's answer, or the read's when the read failed. */
function shareVote(code, tags = {}) {
  const { opened, vote } = shareLinkVote(BASE, code, { optionIndex: Math.floor(Math.random() * 4) }, tags);
  return vote || opened;
}

export function mixed(data) {
  const member = data.members[exec.scenario.iterationInTest % data.members.length];
  const pollId = pick(data.pollIds);
  const { action } = actionOf(MIX, exec.scenario.iterationInTest);
  const tags = { name: action, action };
  const body =
    action === 'vote'
      ? { optionIndex: Math.floor(Math.random() * 2) }
      : `Yük testi yorumu ${exec.scenario.iterationInTest}`;
  const res =
    action === 'share_vote'
      ? shareVote(data.shareCode, { action })
      : actionRequest(BASE, action, { pollId, params: as(member, {}, tags), body });
  const answered = check(res, {
    [`${action} answered`]: (r) => (r.status >= 200 && r.status < 300) || r.status === 409,
  });
  if (!answered && __ENV.DEBUG) console.warn(`${action}: ${res.status} ${res.body}`);
}

/** One socket following the share-link poll: socket.io's protocol by hand (engine.io v4 over a websocket). */
export function live(data) {
  const ws = new WebSocket(`${BASE.replace(/^http/, 'ws')}/ws/?EIO=4&transport=websocket`);
  let votedAt = 0;
  let votedTotal = Infinity;
  let timer;
  // Both counters have a sample from the start, so their thresholds are judged even when nothing else comes.
  missedUpdates.add(0);
  liveUpdates.add(0);
  const vote = () => {
    const res = shareVote(data.shareCode);
    if (res.status !== 200) return;
    votedAt = Date.now();
    votedTotal = res.json('totalVotes');
  };
  ws.onmessage = (event) => {
    const text = String(event.data);
    if (text.startsWith('0')) ws.send('40');
    else if (text === '2') ws.send('3');
    else if (text.startsWith('40')) ws.send(`42${JSON.stringify(['subscribe_polls', { codes: [data.followCode] }])}`);
    else if (text.startsWith('42')) {
      const [name, payload] = JSON.parse(text.slice(2));
      if (name === 'subscribe_result') {
        vote();
        timer = setInterval(() => {
          if (votedAt && votedTotal !== Infinity) missedUpdates.add(1);
          vote();
        }, VOTE_EVERY_S * 1000);
      } else if (name === 'poll_update' && votedAt && payload.data.totalVotes >= votedTotal) {
        voteToUpdate.add(Math.max(0, Date.now() - votedAt));
        liveUpdates.add(1);
        votedAt = 0;
        votedTotal = Infinity;
      }
    }
  };
  ws.onerror = (e) => console.error(`socket error: ${e.error}`);
  setTimeout(() => {
    clearInterval(timer);
    ws.close();
  }, DURATION_S * 1000);
}
