// What the scenarios run on, made before the first one: as many members with sessions as the scenarios asked for will
// use (written as a CSV for k6), the feed's public polls each by its own member, and two share-link polls. Polls are
// created through the running stack's API, as a member would.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';
import { arrivalsOf, MIXED_WEIGHTS, mixPlan } from '../k6/lib/mix.js';
import { seedMembers } from '../local/members.mjs';
import { MEMBER_FEEDS, memberFeedScenario } from './targets.mjs';
import { feedGraphMembers } from './feed-graph.mjs';
import {
  BALLOT_EVERY,
  benchRoot,
  FEED_POLLS,
  LIVE_RATE,
  LIVE_S,
  RAMP_S,
  RATES,
  SCENARIOS,
  say,
  SOCKETS,
  STEP_S,
  VOTE_RATES,
  WARM_S,
} from './settings.mjs';

/** @import { BenchStack } from './stack.mjs' */
/** @typedef {{ id: string, code: string | null }} SeededPoll */

/** Members a vote ladder uses up: one per vote, through warm-up, ramps and steps. */
const votesNeeded = (/** @type {number[]} */ rates) =>
  !rates.length
    ? 0
    : /** @type {number} */ (rates[0]) * WARM_S + rates.reduce((sum, r) => sum + r * (RAMP_S + STEP_S), 0);
/**
 * @param {BenchStack} stack
 * @param {string} path
 * @param {{ method?: string, sid?: string, body?: unknown }} [options]
 */
async function api(stack, path, { method = 'GET', sid, body } = {}) {
  const res = await fetch(`${stack.base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(sid ? { cookie: `sid=${sid}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/**
 * @param {BenchStack} stack
 * @param {string | undefined} sid
 * @param {string} title
 * @param {boolean} shareable
 * @param {number} [maxChoices]
 * @param {{ kind?: 'ranked' }} [extra] further fields of the body (a ranked poll: `kind: 'ranked'`)
 * @returns {Promise<SeededPoll>}
 */
async function createPoll(stack, sid, title, shareable, maxChoices = 1, extra = {}) {
  const res = await api(stack, shareable ? '/api/polls/shareable' : '/api/polls', {
    method: 'POST',
    sid,
    body: { title, category: 'gunluk-hayat', options: ['Kedi', 'Köpek', 'Kuş', 'Balık'], maxChoices, ...extra },
  });
  if (res.status !== 201) throw new Error(`poll not created: ${res.status} ${JSON.stringify(res.body)}`);
  // A shareable poll comes with its share link; any other is the poll itself.
  return res.body.shareUrl
    ? { id: res.body.poll.id, code: res.body.shareUrl.split('/s/')[1] }
    : { id: res.body.id, code: null };
}

/**
 * The members (with their CSV) and polls every scenario needs.
 * @param {BenchStack} stack
 * @param {string} workDir
 */
export async function seed(stack, workDir) {
  const voting =
    // Ranked ballots go to a poll of their own, so the same members can cast them.
    (SCENARIOS.includes('votes') || SCENARIOS.includes('ranked_votes') ? votesNeeded(VOTE_RATES) : 0) +
    // The live counts: two runs' votes, and a member who voted for every second socket (live-run.mjs).
    (SCENARIOS.includes('live') ? LIVE_RATE * LIVE_S * 2 * 1.2 + Math.ceil(SOCKETS / 2) : 0);
  // The mixed scenario's member votes, likes and comments go to the n-th member each, on polls of their own.
  const mixing = SCENARIOS.includes('mixed') ? arrivalsOf(mixPlan(MIXED_WEIGHTS), 'vote', votesNeeded(RATES)) : 0;
  // The member feeds' follow graph is made of members seeded here too.
  const feeding = MEMBER_FEEDS.some((feed) => SCENARIOS.includes(memberFeedScenario(feed))) ? feedGraphMembers() : 0;
  const members = Math.max(voting, mixing, feeding) + FEED_POLLS + 10;
  const ts = Date.now();
  const seeded = await seedMembers(Math.ceil(members), {
    mongoUrl: stack.mongo.url,
    redisUrl: stack.redis.url,
    authRoot: benchRoot,
  });
  const membersCsv = join(workDir, 'members.csv');
  writeFileSync(
    membersCsv,
    formatCsv(
      MEMBER_COLUMNS,
      seeded.sids.map((sid, i) => ({ sid, userId: seeded.ids[i], username: seeded.usernames[i] })),
    ),
  );
  say(
    `seeded ${seeded.sids.length} members with sessions in ${((Date.now() - ts) / 1000).toFixed(1)} s (${membersCsv})`,
  );

  // The feed's 20 public polls, each by its own member (the hot, the live and the mixed scenario's poll among them),
  // and two share-link polls (seen only through their links, so in no feed).
  const ballots = BALLOT_EVERY > 0 ? 2 : 1;
  const polls = /** @type {Record<'hot' | 'live' | 'mixed' | 'ranked' | 'shared' | 'mixedShared', SeededPoll>} */ ({
    hot: await createPoll(stack, seeded.sids[0], 'Hangisi daha iyi bir evcil hayvan?', false, ballots),
    live: await createPoll(stack, seeded.sids[1], 'Canlı sayım: hangisi?', false),
    mixed: await createPoll(stack, seeded.sids[2], 'Karışık yük: hangisi?', false, ballots),
  });
  polls.ranked = await createPoll(stack, seeded.sids[3], 'Sıralamalı oy: hangisi önce?', false, 1, { kind: 'ranked' });
  for (let i = 4; i < FEED_POLLS; i++) await createPoll(stack, seeded.sids[i], `Anket ${i}: hangisi?`, false);
  polls.shared = await createPoll(stack, seeded.sids[FEED_POLLS], 'Paylaşılan anket: hangisi?', true, ballots);
  polls.mixedShared = await createPoll(
    stack,
    seeded.sids[FEED_POLLS + 1],
    'Karışık yük, paylaşılan: hangisi?',
    true,
    ballots,
  );
  return { seeded, membersCsv, polls };
}
