// k6: a storm of votes on one poll through the gateway, each vote by a different signed-in member, measured
// against a gateway-proxied no-op (GET /api/polls/ping: gateway → identity → polls → answer, no work) in the same run.
//
// Scenarios, one after another at the same constant arrival rate:
//   warmup (3 s of no-ops) → noop (DURATION_S) → votes (DURATION_S)
// Env: BASE_URL, POLL_ID, SIDS_FILE (JSON array of session ids, one per vote), RATE (per second), DURATION_S,
//      OPTIONS (options of the poll), SUMMARY_FILE (where the JSON summary goes), BALLOT_EVERY (every n-th vote a
//      ballot of two options on a poll with maxChoices 2; default 0: none), CHANGE_EVERY (on a poll that allows
//      changing a vote: one accepted vote in n moved to another option, one in n taken back, see ./lib/ballots.js;
//      default 0: none).
// Run by deploy/k6/bench-votes.mjs (`npm run bench:votes`), which starts the stack and seeds the members.
import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter, Trend } from 'k6/metrics';
import { changedBody, followUpOf, optionsMarked, voteBody } from './lib/ballots.js';

const BASE = __ENV.BASE_URL;
const POLL_ID = __ENV.POLL_ID;
const RATE = Number(__ENV.RATE || 300);
const DURATION = Number(__ENV.DURATION_S || 20);
const OPTIONS = Number(__ENV.OPTIONS || 4);
/** Every n-th vote a ballot of two options (./lib/ballots.js); 0: single choices only. */
const BALLOT_EVERY = Number(__ENV.BALLOT_EVERY || 0);
/** One accepted vote in n moved, one in n taken back (./lib/ballots.js); 0: none. */
const CHANGE_EVERY = Number(__ENV.CHANGE_EVERY || 0);
const WARMUP = 3;

const sids = new SharedArray('sids', () => JSON.parse(open(__ENV.SIDS_FILE)));

const vus = { preAllocatedVUs: Math.max(20, Math.ceil(RATE / 10)), maxVUs: Math.max(200, RATE * 2) };

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  // Thresholds only to get per-scenario sub-metrics into the summary (they never fail the run).
  thresholds: {
    'dropped_iterations{scenario:noop}': ['count>=0'],
    'dropped_iterations{scenario:votes}': ['count>=0'],
  },
  scenarios: {
    warmup: {
      executor: 'constant-arrival-rate',
      exec: 'warmup',
      rate: RATE,
      timeUnit: '1s',
      duration: `${WARMUP}s`,
      ...vus,
    },
    noop: {
      executor: 'constant-arrival-rate',
      exec: 'noop',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      startTime: `${WARMUP + 1}s`,
      ...vus,
    },
    votes: {
      executor: 'constant-arrival-rate',
      exec: 'vote',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      startTime: `${WARMUP + DURATION + 2}s`,
      ...vus,
    },
  },
};

const noopLatency = new Trend('noop_latency', true);
const noopOk = new Counter('noop_ok');
const noopErrors = new Counter('noop_errors');
const voteLatency = new Trend('vote_latency', true);
const accepted = new Counter('votes_accepted');
/** Options the accepted votes marked (more than the votes when ballots of two are in the mix). */
const optionsAccepted = new Counter('vote_options_accepted');
const conflicts = new Counter('vote_conflicts');
const rateLimited = new Counter('vote_rate_limited');
const serverErrors = new Counter('vote_server_errors');
const otherErrors = new Counter('vote_other_errors');
/** Changes and take-backs after accepted votes, and the options they took off and put on the counters. */
const changeLatency = new Trend('change_latency', true);
const changesAccepted = new Counter('vote_changes_accepted');
const takebacksAccepted = new Counter('vote_takebacks_accepted');
const optionsRemoved = new Counter('vote_options_removed');
const optionsAdded = new Counter('vote_options_added');
const changeErrors = new Counter('vote_change_errors');

export function warmup() {
  http.get(`${BASE}/api/polls/ping`);
}

export function noop() {
  const res = http.get(`${BASE}/api/polls/ping`);
  noopLatency.add(res.timings.duration);
  if (res.status === 200) noopOk.add(1);
  else noopErrors.add(1);
}

export function vote() {
  const i = exec.scenario.iterationInTest;
  const sid = sids[i % sids.length];
  const res = http.post(`${BASE}/api/polls/${POLL_ID}/vote`, JSON.stringify(voteBody(i, OPTIONS, BALLOT_EVERY)), {
    headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
  });
  voteLatency.add(res.timings.duration);
  if (res.status === 200) {
    accepted.add(1);
    optionsAccepted.add(optionsMarked(i, BALLOT_EVERY));
    followUp(i, sid);
  } else if (res.status === 409) conflicts.add(1);
  else if (res.status === 429) rateLimited.add(1);
  else if (res.status === 0 || res.status >= 500) serverErrors.add(1);
  else otherErrors.add(1);
}

/** The i-th accepted vote moved or taken back (CHANGE_EVERY), by the same member. */
function followUp(i, sid) {
  const kind = followUpOf(i, CHANGE_EVERY);
  if (!kind) return;
  const url = `${BASE}/api/polls/${POLL_ID}/vote`;
  const params = { headers: { 'content-type': 'application/json', cookie: `sid=${sid}` } };
  // A DELETE has no body, so no content type (an empty body said to be JSON is a 400).
  const res =
    kind === 'change'
      ? http.put(url, JSON.stringify(changedBody(i, OPTIONS)), params)
      : http.del(url, null, { headers: { cookie: params.headers.cookie } });
  changeLatency.add(res.timings.duration);
  if (res.status !== 200) {
    changeErrors.add(1);
    return;
  }
  optionsRemoved.add(optionsMarked(i, BALLOT_EVERY));
  if (kind === 'change') {
    changesAccepted.add(1);
    optionsAdded.add(1);
  } else {
    takebacksAccepted.add(1);
  }
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(data) };
}
