// k6: the product's hot paths through the gateway, against any deployment.
//
//   k6 run -e BASE_URL=https://meydan.example -e MEMBERS_CSV=members.csv -e SCENARIOS=noop,votes deploy/k6/hot-paths.js
//
// Scenarios (SCENARIOS, comma-separated; default all), run one after another:
//   noop          GET /api/polls/ping: the gateway round trip into the polls service, no work behind it
//   votes         POST /api/polls/{id}/vote on one poll, every vote by a different member of MEMBERS_CSV (RANKED=1:
//                 rankings on a ranked poll)
//   share_votes   a visitor opens the share link (GET /api/s/{code}, which hands out the visitor cookie), then votes
//                 through it (POST /api/s/{code}/vote); every iteration is a new visitor
//   visitor_feed  GET /api/polls without a session
//   member_feed   GET /api/polls as a member (hasVoted of each poll), members of MEMBERS_CSV in turn; MEMBER_FEED
//                 names the feed (default trending)
//   mixed         every arrival one action, in a fixed evenly spread order (deploy/k6/lib/mix.js), by weight: reads 70
//                 (the feed as a member 25 and as a visitor 15, a poll of the feed as a member 15 and as a visitor 15),
//                 member votes 20 (on a poll of their own: MIXED_POLL_ID, else created; the n-th vote by the n-th
//                 member), likes 3 and comments 2 (the n-th by the n-th member, on the feed's polls), share-link votes
//                 5 (a new visitor each, on MIXED_SHARE_CODE, else created); the latency of a share-link vote is that of its
//                 vote request alone
//
// Load (per scenario):
//   RATE, DURATION_S     constant arrival rate (per second) for that long (default 50/s for 30 s)
//   STAGES, STEP_S       instead, a ramping arrival rate through these rates ("100,200,400"), STEP_S seconds held at
//                        each after RAMP_S seconds of ramp (default 5 and 1); every request is tagged with its step
//                        (step=<scenario>-<index>) so that the sustainable rate can be read per step. `npm run bench`
//                        runs it so.
// Pass/fail: P99_MS (default 100) and MAX_ERROR_RATE (default 0): k6 exits non-zero (99) when a scenario's p99 or error
//   rate is over them (in STAGES mode, per step).
// Data: MEMBERS_CSV (deploy/k6/lib/csv.js: columns sid,userId,username, or token: API tokens made through the API by
//   `npm run k6:members`), needed by votes and member_feed, and to
//   create the polls: POLL_ID names an existing public poll for votes, SHARE_CODE the share code of a share-link poll
//   for share_votes (else setup() creates them as the first member). MEMBER_OFFSET: the first member row the votes
//   use (default 0); that member and the next ones must not have voted on the poll yet.
// The summary's req_failed{action:<action>} counts each action of `mixed` (fails: went through), and setup_data.startedAt
//   is when the first scenario started (ms since epoch): the bench reads the CPU of each step from it.
// Other: SUMMARY_FILE writes k6's JSON summary there; ABORT_MS: past the breaking point (a VU saw three requests take
//   longer than this; default off), a ramp is cut short instead of queueing for minutes: BREAK_MODE=abort ends the
//   test, BREAK_MODE=skip makes that VU stop sending (every request sent is still answered and counted: the bench
//   uses it for votes, whose counts it checks afterwards). BY_ANSWER=1 also keeps each step's latency apart by answer
//   (req_duration{step:…,answer:served} and {…,answer:shed}, shed being a 503 `overloaded`): the bench's shedding
//   scenario reads the knee of load shedding from them.
import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter, Rate, Trend } from 'k6/metrics';
import { parseMembers } from './lib/csv.js';
import { rankingOf, voteBody } from './lib/ballots.js';
import { actionOf, MIXED_WEIGHTS, mixPlan } from './lib/mix.js';
import { actionRequest, OK_STATUS, shareLinkVote } from './lib/actions.js';

const BASE = (__ENV.BASE_URL || '').replace(/\/+$/, '');
if (!BASE) throw new Error('BASE_URL is required, e.g. -e BASE_URL=http://127.0.0.1:8080');
const ALL = ['noop', 'votes', 'share_votes', 'visitor_feed', 'member_feed', 'mixed'];
const SELECTED = (__ENV.SCENARIOS || ALL.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of SELECTED)
  if (!ALL.includes(name)) throw new Error(`unknown scenario ${name}; known: ${ALL.join(',')}`);
const P99_MS = Number(__ENV.P99_MS || 100);
const MAX_ERROR_RATE = Number(__ENV.MAX_ERROR_RATE || 0);
const ABORT_MS = Number(__ENV.ABORT_MS || 0);
const BY_ANSWER = __ENV.BY_ANSWER === '1';
/** abort: end the test; skip: this VU stops sending, and every request sent is still answered and counted. */
const BREAK_MODE = __ENV.BREAK_MODE || 'abort';
if (!['abort', 'skip'].includes(BREAK_MODE)) throw new Error('BREAK_MODE is abort or skip');
/** Slow requests one VU must see before it calls the breaking point (one slow request is not a trend; one over five
 * times ABORT_MS is). */
const SLOW_TO_BREAK = 3;
let slowSeen = 0;
let broken = false;
const STAGES = (__ENV.STAGES || '')
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
const STEP_S = Number(__ENV.STEP_S || 5);
const RAMP_S = Number(__ENV.RAMP_S || 1);
const WARM_S = STAGES.length ? Number(__ENV.WARM_S || 2) : 0;
const RATE = Number(__ENV.RATE || 50);
const DURATION_S = Number(__ENV.DURATION_S || 30);
const MEMBER_OFFSET = Number(__ENV.MEMBER_OFFSET || 0);
/** member_feed: which feed the members read (trending, new, friends; default the API's, trending). */
const MEMBER_FEED = __ENV.MEMBER_FEED || '';
const OPTIONS = 4;
/** Every n-th vote a ballot of two options (deploy/k6/lib/ballots.js); 0: single choices only. */
const BALLOT_EVERY = Number(__ENV.BALLOT_EVERY || 0);
/** RANKED=1: the votes scenario casts rankings (`{"ranking": [...]}`) on a ranked poll (POLL_ID names one). */
const RANKED = __ENV.RANKED === '1';
/** How failed requests are counted: no answer, 409, 429, 408/504, other 4xx, other 5xx. */
const ERROR_KINDS = ['network', 'conflict', 'rate_limited', 'timeout', 'client', 'server'];
const GAP_S = 2;
/** The mixed scenario's actions, in their fixed order. */
const MIX = mixPlan(MIXED_WEIGHTS);

const members = new SharedArray('members', () => (__ENV.MEMBERS_CSV ? parseMembers(open(__ENV.MEMBERS_CSV)) : []));
const needsMembers =
  SELECTED.some((s) => s === 'votes' || s === 'member_feed' || s === 'mixed') ||
  (!__ENV.SHARE_CODE && SELECTED.includes('share_votes'));
if (needsMembers && members.length === 0)
  throw new Error('MEMBERS_CSV is required for these scenarios (npm run bench:members writes one)');

const scenarioSeconds = STAGES.length ? WARM_S + STAGES.length * (RAMP_S + STEP_S) : DURATION_S;
const maxRate = STAGES.length ? Math.max(...STAGES) : RATE;
const vus = {
  preAllocatedVUs: Math.min(200, Math.max(20, Math.ceil(maxRate / 10))),
  maxVUs: Math.max(200, Math.ceil(maxRate / 2)),
  gracefulStop: '60s',
};

function load(startTime) {
  if (!STAGES.length)
    return {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION_S}s`,
      startTime: `${startTime}s`,
      ...vus,
    };
  const stages = [{ target: STAGES[0], duration: `${WARM_S}s` }];
  for (const rate of STAGES)
    stages.push({ target: rate, duration: `${RAMP_S}s` }, { target: rate, duration: `${STEP_S}s` });
  return {
    executor: 'ramping-arrival-rate',
    startRate: STAGES[0],
    timeUnit: '1s',
    stages,
    startTime: `${startTime}s`,
    ...vus,
  };
}

const scenarios = {};
const thresholds = {};
SELECTED.forEach((name, n) => {
  scenarios[name] = { ...load(n * (scenarioSeconds + GAP_S)), exec: name };
  if (STAGES.length) {
    STAGES.forEach((_, i) => {
      thresholds[`req_duration{step:${name}-${i}}`] = [`p(99)<${P99_MS}`];
      thresholds[`req_failed{step:${name}-${i}}`] = [`rate<=${MAX_ERROR_RATE}`];
      // Always met: they only make k6 keep the served and the shed answers' latency of each step in the summary.
      if (BY_ANSWER)
        for (const answer of ['served', 'shed'])
          thresholds[`req_duration{step:${name}-${i},answer:${answer}}`] = ['max>=0'];
    });
  } else {
    thresholds[`req_duration{scenario:${name}}`] = [`p(99)<${P99_MS}`];
    thresholds[`req_failed{scenario:${name}}`] = [`rate<=${MAX_ERROR_RATE}`];
  }
});
for (const kind of ERROR_KINDS) thresholds[`req_errors{kind:${kind}}`] = ['count>=0'];
// Always met: they only make k6 keep these submetrics in the summary (what each action of `mixed` got through).
if (SELECTED.includes('mixed'))
  for (const action of MIX.names) thresholds[`req_failed{action:${action}}`] = ['rate>=0'];

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  thresholds,
  scenarios,
  setupTimeout: '60s',
};

/** The request that the scenario measures: its latency, pass/fail and error kind. */
const reqDuration = new Trend('req_duration', true);
const reqFailed = new Rate('req_failed');
const reqErrors = new Counter('req_errors');
/** Share votes: the share-link read that precedes each visitor's vote. */
const shareOpenDuration = new Trend('share_open_duration', true);

/** The step of a STAGES run this moment belongs to: `<scenario>-<index>` while a rate is held, else warm/ramp. */
function stepTag() {
  if (!STAGES.length) return 'constant';
  const elapsed = (Date.now() - exec.scenario.startTime) / 1000 - WARM_S;
  if (elapsed < 0) return 'warm';
  const index = Math.floor(elapsed / (RAMP_S + STEP_S));
  if (index >= STAGES.length) return 'tail';
  return elapsed - index * (RAMP_S + STEP_S) < RAMP_S ? 'ramp' : `${exec.scenario.name}-${index}`;
}

function errorKind(status) {
  if (status === 0) return 'network';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server';
  return 'client';
}

function record(res, okStatus, step, action) {
  const tags = action ? { step, action } : { step };
  if (BY_ANSWER) tags.answer = res.status === 503 && res.headers['Retry-After'] ? 'shed' : 'served';
  const ok = res.status === okStatus;
  reqDuration.add(res.timings.duration, tags);
  reqFailed.add(!ok, tags);
  if (!ok) reqErrors.add(1, { ...tags, kind: errorKind(res.status) });
  if (ABORT_MS && res.timings.duration > ABORT_MS && step !== 'warm') {
    slowSeen += 1;
    if (slowSeen < SLOW_TO_BREAK && res.timings.duration < 5 * ABORT_MS) return;
    if (BREAK_MODE === 'abort') exec.test.abort(`requests took over ${ABORT_MS} ms: past the breaking point`);
    broken = true;
  }
}

/** Whether this VU gave up sending (BREAK_MODE=skip past the breaking point). */
const gaveUp = () => broken;

/** A member's credentials as headers: the session cookie (`sid` rows) or the personal API token (`token` rows). */
const credentials = (member) =>
  !member ? {} : member.token ? { authorization: `Bearer ${member.token}` } : { cookie: `sid=${member.sid}` };
const json = (member) => ({ 'content-type': 'application/json', ...credentials(member) });

/** Creates a poll as the first member: a public one (votes by id) or a share-link one (seen only through its link). */
function createPoll(shareable, title = 'Yük testi: hangisi daha iyi bir evcil hayvan?') {
  const body = {
    title,
    category: 'gunluk-hayat',
    options: ['Kedi', 'Köpek', 'Kuş', 'Balık'],
    ...(BALLOT_EVERY ? { maxChoices: 2 } : {}),
  };
  const res = http.post(`${BASE}/api/polls${shareable ? '/shareable' : ''}`, JSON.stringify(body), {
    headers: json(members[0]),
    responseType: 'text',
  });
  if (res.status !== 201) throw new Error(`creating the poll failed: ${res.status} ${res.body}`);
  const created = res.json();
  return shareable ? created.shareUrl.split('/s/')[1] : created.id;
}

/** The mixed scenario's polls: its own for member votes and share-link votes, and the feed's first 20 to read and like. */
function mixedPolls() {
  const pollId = __ENV.MIXED_POLL_ID || createPoll(false, 'Yük testi (karışık): hangisi?');
  const shareCode = __ENV.MIXED_SHARE_CODE || createPoll(true, 'Yük testi (karışık, paylaşım): hangisi?');
  const feed = http.get(`${BASE}/api/polls`, { headers: json(members[0]), responseType: 'text' });
  const pollIds = feed.status === 200 ? (feed.json('polls') || []).map((p) => p.id).slice(0, 20) : [];
  return { pollId, shareCode, pollIds: pollIds.length ? pollIds : [pollId] };
}

export function setup() {
  const data = { pollId: __ENV.POLL_ID, shareCode: __ENV.SHARE_CODE };
  if (SELECTED.includes('votes') && !data.pollId) data.pollId = createPoll(false);
  if (SELECTED.includes('share_votes') && !data.shareCode) data.shareCode = createPoll(true);
  if (SELECTED.includes('mixed')) data.mixed = mixedPolls();
  // The first scenario starts as setup returns.
  data.startedAt = Date.now();
  return data;
}

export function noop() {
  if (gaveUp()) return;
  const step = stepTag();
  record(http.get(`${BASE}/api/polls/ping`, { tags: { step } }), 200, step);
}

export function votes(data) {
  if (gaveUp()) return;
  const step = stepTag();
  const i = exec.scenario.iterationInTest;
  const member = members[(MEMBER_OFFSET + i) % members.length];
  const body = RANKED ? { ranking: rankingOf(i, OPTIONS) } : voteBody(i, OPTIONS, BALLOT_EVERY);
  const res = http.post(`${BASE}/api/polls/${data.pollId}/vote`, JSON.stringify(body), {
    headers: json(member),
    tags: { step },
  });
  record(res, 200, step);
}

export function share_votes(data) {
  if (gaveUp()) return;
  const step = stepTag();
  const { opened, vote } = shareLinkVote(
    BASE,
    data.shareCode,
    voteBody(exec.scenario.iterationInTest, OPTIONS, BALLOT_EVERY),
    { step },
  );
  shareOpenDuration.add(opened.timings.duration, { step });
  record(vote || opened, 200, step);
}

export function visitor_feed() {
  if (gaveUp()) return;
  const step = stepTag();
  record(http.get(`${BASE}/api/polls`, { tags: { step } }), 200, step);
}

export function member_feed() {
  if (gaveUp()) return;
  const step = stepTag();
  const member = members[exec.scenario.iterationInTest % members.length];
  record(
    http.get(`${BASE}/api/polls${MEMBER_FEED ? `?feed=${MEMBER_FEED}` : ''}`, {
      headers: credentials(member),
      tags: { step },
    }),
    200,
    step,
  );
}

export function mixed(data) {
  if (gaveUp()) return;
  const step = stepTag();
  const { action, n } = actionOf(MIX, exec.scenario.iterationInTest);
  const { pollId, shareCode, pollIds } = data.mixed;
  if (action === 'share_vote') {
    const { opened, vote } = shareLinkVote(BASE, shareCode, voteBody(n, OPTIONS, BALLOT_EVERY), { step, action });
    shareOpenDuration.add(opened.timings.duration, { step });
    return record(vote || opened, 200, step, action);
  }
  const [who, kind] = action.includes('_') ? action.split('_') : ['member', action];
  const member = who === 'member' ? members[(kind === 'vote' ? MEMBER_OFFSET + n : n) % members.length] : null;
  const params = { headers: credentials(member), tags: { step, action, name: action } };
  const body = kind === 'vote' ? voteBody(n, OPTIONS, BALLOT_EVERY) : `Yük testi yorumu ${n}`;
  const res = actionRequest(BASE, kind, {
    pollId: kind === 'vote' ? pollId : pollIds[n % pollIds.length],
    params,
    body,
  });
  record(res, OK_STATUS[kind], step, action);
}

const thresholdsOk = (metric) => Object.values(metric?.thresholds ?? {}).every((t) => t.ok);
const ms = (v) => (typeof v === 'number' ? `${v.toFixed(1)} ms` : 'n/a');

/** A short text summary (k6's own needs the jslib, not reachable offline) and, with SUMMARY_FILE, the JSON one. */
export function handleSummary(data) {
  const lines = [];
  for (const [name, metric] of Object.entries(data.metrics)) {
    const match = /^req_duration\{(scenario|step):([^}]+)\}$/.exec(name);
    if (!match) continue;
    const failed = data.metrics[`req_failed{${match[1]}:${match[2]}}`]?.values ?? {};
    const v = metric.values;
    const passed = thresholdsOk(metric) && thresholdsOk(data.metrics[`req_failed{${match[1]}:${match[2]}}`]);
    lines.push(
      `${match[2].padEnd(20)} ${String(v.count).padStart(7)} req  p50 ${ms(v.med)}  p95 ${ms(v['p(95)'])}  p99 ${ms(v['p(99)'])}  errors ${failed.passes ?? 0}  ${passed ? 'ok' : 'FAIL'}`,
    );
  }
  const kinds = ERROR_KINDS.map((k) => `${k} ${data.metrics[`req_errors{kind:${k}}`]?.values?.count ?? 0}`);
  const out = {
    stdout: `\n${lines.join('\n')}\nerrors by kind: ${kinds.join(', ')}\nthresholds: p99 < ${P99_MS} ms, error rate <= ${MAX_ERROR_RATE}\n`,
  };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data);
  return out;
}
