// The bench's live-counts load: SOCKETS socket.io clients following one poll (spread over the notifications
// processes in TARGETS, connected to them directly with the identity the gateway would sign for a visitor's /ws
// handshake), while this process votes on the poll through the gateway at RATE votes/s for SECONDS, each vote by
// another member. The latency of a vote is from its answer (which carries the poll's new total) to the first
// poll_update at each socket whose total includes it; an update that arrives before the answer counts as 0 ms.
//
// Env: TARGETS (comma-separated notifications URLs), SOCKETS, POLL_ID, BASE_URL (gateway), MEMBERS_CSV,
// MEMBER_OFFSET, RATE, SECONDS, INTERNAL_SECRET, KIT (the kit's built index.js), RESULT_FILE. Writes the figures to
// RESULT_FILE and then waits to be stopped, so that its CPU can be read before it exits.
import { readFileSync, writeFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { parseMembers } from '../k6/lib/csv.js';
import { latencySamples, percentiles } from './live-math.mjs';

const env = process.env;
const { signIdentity, IDENTITY_HEADER } = await import(env.KIT);
const targets = env.TARGETS.split(',');
const socketCount = Number(env.SOCKETS);
const pollId = env.POLL_ID;
const rate = Number(env.RATE);
const seconds = Number(env.SECONDS);
const members = parseMembers(readFileSync(env.MEMBERS_CSV, 'utf8')).slice(Number(env.MEMBER_OFFSET));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Each socket's poll_update totals with the time they arrived. */
const updates = [];
const sockets = [];
let disconnects = 0;

/** Opens socket `index` and follows the poll; retried a few times (a loaded notifications process may time out the
 * poll's visibility check); false when it never managed to. */
async function follow(index) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      await connect(index);
      return true;
    } catch (err) {
      sockets[index]?.disconnect();
      if (attempt === 5) process.stderr.write(`socket ${index} does not follow the poll: ${err.message}\n`);
      else await sleep(500 * attempt);
    }
  }
  return false;
}

function connect(index) {
  const identity = signIdentity({ userId: null, role: null, visitorId: null, ip: '127.0.0.1', authMethod: null }, env.INTERNAL_SECRET, { method: 'GET', path: '/ws/', service: 'notifications' });
  const socket = io(targets[index % targets.length], { path: '/ws', transports: ['websocket'], extraHeaders: { [IDENTITY_HEADER]: identity }, reconnection: false, forceNew: true, timeout: 20_000 });
  const seen = [];
  updates[index] = seen;
  socket.on('poll_update', (message) => {
    if (message?.data?.pollId === pollId) seen.push([message.data.totalVotes, performance.now()]);
  });
  sockets[index] = socket;
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      socket.timeout(20_000).emit('subscribe_polls', { pollIds: [pollId] }, (err, result) => {
        if (err) reject(err);
        else if (result?.subscribed?.includes(pollId)) {
          socket.on('disconnect', () => (disconnects += 1));
          resolve();
        } else reject(new Error(`not subscribed: ${JSON.stringify(result)}`));
      }),
    );
  });
}

const t0 = performance.now();
let following = 0;
for (let i = 0; i < socketCount; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, socketCount - i) }, (_, k) => follow(i + k)));
  following += batch.filter(Boolean).length;
}
const connectSeconds = (performance.now() - t0) / 1000;
// Only sockets that follow the poll are measured.
const followers = updates.filter((_, i) => sockets[i]?.connected);

/** Every accepted vote's total and the moment its answer arrived. */
const answers = [];
const errors = {};
const total = rate * seconds;
const start = performance.now();
const pending = [];
for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  const member = members[i];
  pending.push(
    fetch(`${env.BASE_URL}/api/polls/${pollId}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${member.sid}` },
      body: JSON.stringify({ optionIndex: i % 4 }),
    })
      .then(async (res) => {
        const body = await res.json();
        if (res.status === 200) answers.push([body.totalVotes, performance.now()]);
        else errors[res.status] = (errors[res.status] ?? 0) + 1;
      })
      .catch((err) => (errors[err.code ?? 'network'] = (errors[err.code ?? 'network'] ?? 0) + 1)),
  );
}
await Promise.all(pending);
const highest = Math.max(0, ...answers.map(([t]) => t));
// Every socket's last update should reach the highest total; give the live counts 10 s to get there.
const until = performance.now() + 10_000;
while (performance.now() < until && followers.some((seen) => (seen.at(-1)?.[0] ?? 0) < highest)) await sleep(100);
const { samples, missed } = latencySamples(answers, followers);
const result = {
  sockets: socketCount,
  following,
  processes: targets.length,
  rate,
  seconds,
  votes: answers.length,
  errors,
  connectSeconds,
  disconnects,
  missed,
  latency: percentiles(samples),
};
for (const socket of sockets) socket.disconnect();
writeFileSync(env.RESULT_FILE, JSON.stringify(result));
setInterval(() => {}, 60_000);
