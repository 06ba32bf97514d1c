// k6: the chaos run's vote storm, through the gateway, at a constant arrival rate for DURATION_S seconds. Every
// second vote is a member's on a member poll (its own session, never twice), the others a visitor's through a share
// link (a fresh cookie jar: GET /api/s/{code} hands out the visitor cookie, then the vote).
// Each answer is printed as one line `V,<ms since epoch>,<poll index>,<voter>,<status>,<sent>` (status 0: no answer;
// sent: when the iteration's first request left, ms since epoch) for deploy/chaos/verify.mjs to count; nothing else
// is printed.
// Env: BASE_URL, SIDS_FILE (JSON [{sid, userId}]), POLLS_FILE (JSON {member: [ids], share: [codes]}), RATE,
// DURATION_S.
import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';

const BASE = __ENV.BASE_URL;
const RATE = Number(__ENV.RATE || 30);
const members = new SharedArray('members', () => JSON.parse(open(__ENV.SIDS_FILE)));
const polls = JSON.parse(open(__ENV.POLLS_FILE));

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: [],
  scenarios: {
    storm: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: `${Number(__ENV.DURATION_S || 150)}s`,
      gracefulStop: '15s',
      preAllocatedVUs: Math.max(20, RATE),
      maxVUs: Math.max(200, RATE * 10),
    },
  },
};

const params = (extra) => ({ timeout: '10s', ...extra });

export default function () {
  const sent = Date.now();
  const i = exec.scenario.iterationInTest;
  const half = Math.floor(i / 2);
  if (i % 2 === 0) {
    const member = members[half % members.length];
    const p = half % polls.member.length;
    const res = http.post(`${BASE}/api/polls/${polls.member[p]}/vote`, JSON.stringify({ optionIndex: half % 3 }), params({
      headers: { 'content-type': 'application/json', cookie: `sid=${member.sid}` },
    }));
    console.log(`V,${Date.now()},m${p},u:${member.userId},${res.status},${sent}`);
    return;
  }
  const p = half % polls.share.length;
  const code = polls.share[p];
  const jar = new http.CookieJar();
  const page = http.get(`${BASE}/api/s/${code}`, params({ jar }));
  const vid = (jar.cookiesForURL(BASE).vid || [])[0];
  if (!vid) {
    console.log(`V,${Date.now()},s${p},-,${page.status === 200 ? 'nocookie' : page.status},${sent}`);
    return;
  }
  const res = http.post(`${BASE}/api/s/${code}/vote`, JSON.stringify({ optionIndex: half % 3 }), params({
    jar,
    headers: { 'content-type': 'application/json' },
  }));
  console.log(`V,${Date.now()},s${p},v:${decodeURIComponent(vid).split('.')[0]},${res.status},${sent}`);
}
