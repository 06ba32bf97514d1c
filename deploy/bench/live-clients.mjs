// Socket clients of the bench's live-counts scenario (deploy/bench/live-run.mjs starts one or more of these): SOCKETS
// sockets that follow one poll, spread over the notifications processes in TARGETS (socket k of the whole run,
// k = SOCKET_OFFSET + i, on TARGETS[floor(k / 2) % TARGETS.length]) and connected to them directly with the identity
// the gateway would sign for the /ws handshake: every even socket k is the member VOTERS[k / 2] (VOTERS_FILE, JSON
// [userId], members who voted on the poll before: the poll's counts are theirs to see), every odd one a visitor who
// has not voted (the poll's default results visibility gives them the total alone). Every poll_update is kept with the
// moment it arrived, and each that carries counts to a socket not allowed them (or none to one allowed them) is
// counted.
//
// They speak socket.io's protocol (Engine.IO 4 over a websocket: open, namespace connect, an event with an ack,
// events, pings) over plain `ws`, as k6's live scenario does, rather than through socket.io-client: these processes
// share the machine's cores with the stack they measure, and socket.io-client's per-message work was the largest
// CPU cost of the whole run, which delayed the product's own processes. The browser's client is not in this figure.
//
// Steps, through files: READY_FILE ({following, connectSeconds}) once every socket follows the poll or gave up; then,
// once ANSWERS_FILE appears (the accepted votes: [[totalAfterTheVote, answeredAtMs]], times in ms since epoch), the
// latency of each vote at each following socket (from its answer to the first poll_update there whose total includes
// it; live-math.mjs) into SAMPLES_FILE (Float64 values, the machine's byte order) and RESULT_FILE ({following, missed,
// disconnects, samples, voters, countsToNonVoters, noCountsToVoters}). Then it waits to be stopped, so that its CPU
// can be read before it exits. Each file is whole once it appears (hand-over.mjs).
//
// Env: TARGETS (comma-separated notifications URLs), SOCKETS, SOCKET_OFFSET, POLL_ID, INTERNAL_SECRET, KIT (the kit's
// built index.js), VOTERS_FILE (without it, every socket is a visitor's), READY_FILE, ANSWERS_FILE, SAMPLES_FILE,
// RESULT_FILE.
import { existsSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { handOver } from './hand-over.mjs';
import { latencySamples } from './live-math.mjs';
import { openFilesLimit } from './stack.mjs';

const env =
  /** @type {{ TARGETS: string, SOCKETS: string, SOCKET_OFFSET?: string, POLL_ID: string, INTERNAL_SECRET: string, KIT: string, VOTERS_FILE?: string, READY_FILE: string, ANSWERS_FILE: string, SAMPLES_FILE: string, RESULT_FILE: string }} */ (
    process.env
  );
const { signIdentity, IDENTITY_HEADER } = await import(env.KIT);
const targets = env.TARGETS.split(',');
const socketCount = Number(env.SOCKETS);
const offset = Number(env.SOCKET_OFFSET || 0);
const pollId = env.POLL_ID;
/** @type {string[]} */
const voters = env.VOTERS_FILE ? JSON.parse(readFileSync(env.VOTERS_FILE, 'utf8')) : [];
/** Whom socket k of the whole run follows as: a member who voted on the poll, or null, a visitor who has not voted. */
const voterOf = (/** @type {number} */ k) => (k % 2 === 0 ? (voters[k / 2] ?? null) : null);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock ms with sub-ms precision, comparable with the voting process's. */
const now = () => performance.timeOrigin + performance.now();

// Node raises its soft limit on open files to the hard one at start.
const limit = openFilesLimit('self');
if (socketCount + 100 > limit) {
  throw new Error(
    `${socketCount} sockets need as many open files, and this process may open ${limit}: raise the limit (ulimit -n) or spread the sockets over more client processes (BENCH_LIVE_CLIENTS)`,
  );
}

/** Each socket's poll_update totals with the time they arrived. */
/** @type {[number, number][][]} */
const updates = [];
/** @type {(WebSocket | undefined)[]} */
const sockets = [];
let disconnects = 0;
/** Updates that carried counts to a socket not allowed them, and updates without counts to a voter's socket. */
let countsToNonVoters = 0;
let noCountsToVoters = 0;

/**
 * Whether a poll_update's data carries the per-option counts: a poll whose counts the viewer may not see yet comes
 * with `countsHidden` and no counts, the total alone.
 * @param {{ voteCounts?: Record<string, number>, countsHidden?: boolean }} data
 */
const carriesCounts = (data) => data.countsHidden !== true || Object.keys(data.voteCounts ?? {}).length > 0;

/** Opens socket `index` and follows the poll; retried a few times (a loaded notifications process may time out the
 * poll's visibility check); false when it never managed to.
 * @param {number} index
 */
async function follow(index) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      await connect(index);
      return true;
    } catch (err) {
      sockets[index]?.terminate();
      if (attempt === 5)
        process.stderr.write(
          `socket ${offset + index} does not follow the poll: ${/** @type {Error} */ (err).message}\n`,
        );
      else await sleep(500 * attempt);
    }
  }
  return false;
}

/** The poll's updates start with this (an Engine.IO message, a socket.io event on the main namespace). */
const UPDATE_PREFIX = '42["poll_update",';

/**
 * @param {number} index
 * @returns {Promise<void>}
 */
function connect(index) {
  const k = offset + index;
  const voter = voterOf(k);
  const identity = signIdentity(
    voter
      ? { userId: voter, role: 'member', visitorId: null, ip: '127.0.0.1', authMethod: 'session' }
      : { userId: null, role: null, visitorId: null, ip: '127.0.0.1', authMethod: null },
    env.INTERNAL_SECRET,
    { method: 'GET', path: '/ws/', service: 'notifications' },
  );
  const url = `${/** @type {string} */ (targets[Math.floor(k / 2) % targets.length]).replace(/^http/, 'ws')}/ws/?EIO=4&transport=websocket`;
  const socket = new WebSocket(url, { headers: { [IDENTITY_HEADER]: identity }, perMessageDeflate: false });
  /** @type {[number, number][]} */
  const seen = [];
  updates[index] = seen;
  sockets[index] = socket;
  return new Promise((resolve, reject) => {
    let following = false;
    const timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000);
    const fail = (/** @type {Error} */ err) => {
      clearTimeout(timer);
      reject(err);
    };
    socket.on('error', fail);
    socket.once('unexpected-response', (_req, res) => fail(new Error(`handshake refused: ${res.statusCode}`)));
    socket.on('close', () => {
      if (following) disconnects += 1;
      else fail(new Error('closed before following the poll'));
    });
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith(UPDATE_PREFIX)) {
        const at = now();
        const data = JSON.parse(text.slice(2))[1]?.data;
        if (data?.pollId === pollId) {
          seen.push([data.totalVotes, at]);
          if (carriesCounts(data) !== (voter !== null)) {
            if (voter) noCountsToVoters += 1;
            else countsToNonVoters += 1;
          }
        }
      } else if (text === '2')
        socket.send('3'); // Engine.IO ping → pong
      else if (text.startsWith('0'))
        socket.send('40'); // Engine.IO open → connect to the main namespace
      else if (text.startsWith('40')) socket.send(`420${JSON.stringify(['subscribe_polls', { pollIds: [pollId] }])}`);
      else if (text.startsWith('44')) fail(new Error(`connect refused: ${text.slice(2)}`));
      else if (text.startsWith('430')) {
        const [result] = JSON.parse(text.slice(3));
        clearTimeout(timer);
        if (result?.subscribed?.includes(pollId)) {
          following = true;
          resolve();
        } else reject(new Error(`not subscribed: ${JSON.stringify(result)}`));
      }
    });
  });
}

const t0 = now();
let following = 0;
for (let i = 0; i < socketCount; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, socketCount - i) }, (_, k) => follow(i + k)));
  following += batch.filter(Boolean).length;
}
handOver(env.READY_FILE, JSON.stringify({ following, connectSeconds: (now() - t0) / 1000 }));

while (!existsSync(env.ANSWERS_FILE)) await sleep(100);
/** @type {[number, number][]} */
const answers = JSON.parse(readFileSync(env.ANSWERS_FILE, 'utf8'));
// Only sockets that follow the poll are measured.
const followers = updates.filter((_, i) => sockets[i]?.readyState === WebSocket.OPEN);
const highest = Math.max(0, ...answers.map(([t]) => t));
// Every socket's last update should reach the highest total; give the live counts 10 s to get there.
const until = now() + 10_000;
while (now() < until && followers.some((seen) => (seen.at(-1)?.[0] ?? 0) < highest)) await sleep(100);
const { samples, missed } = latencySamples(answers, followers);
const result = {
  following,
  missed,
  disconnects,
  samples: samples.length,
  voters: sockets.filter((socket, i) => socket?.readyState === WebSocket.OPEN && voterOf(offset + i) !== null).length,
  countsToNonVoters,
  noCountsToVoters,
};
for (const socket of sockets) socket?.terminate();
handOver(env.SAMPLES_FILE, Float64Array.from(samples));
handOver(env.RESULT_FILE, JSON.stringify(result));
setInterval(() => {}, 60_000);
