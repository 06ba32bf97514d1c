// The live-counts scenario: socket clients (deploy/bench/live-clients.mjs, the sockets spread over `clients`
// processes: one process holds a few thousand) follow one poll through one notifications process, then through two
// (the second started now, joined to the first by the Redis adapter); once they all follow, this process votes on the
// poll through the gateway at `rate` votes/s for `seconds`, each vote by another member, and hands the answers to the
// clients, which measure each vote's latency at each socket. The poll shows its counts after a vote (the default
// results visibility): half the sockets are members who voted on it first, the others visitors who have not, and the
// clients count every update that carries counts to one of those, which must be none.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMembers } from '../k6/lib/csv.js';
import { cpuWindow } from './cpu.mjs';
import { handOver } from './hand-over.mjs';
import { percentiles } from './live-math.mjs';
import { settle } from './settle.mjs';
import { openFilesLimit } from './stack.mjs';

/** @import { CpuReading } from './cpu.mjs' */
/** @import { BenchStack } from './stack.mjs' */
/**
 * What measureLive is told: the stack, the poll, the members' CSV and the first member to vote, how many sockets over
 * how many client processes, the vote rate and how long.
 * @typedef {{ stack: BenchStack, workDir: string, pollId: string, membersCsv: string, memberOffset: number, sockets: number, clients: number, rate: number, seconds: number, runnerRoot: string, say: (line: string) => void, cpuNow: () => CpuReading }} LiveOptions
 */

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock ms with sub-ms precision, comparable with the clients'. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Waits until each of `files` exists; fails when a client exits first or at the deadline.
 * @param {string[]} files
 * @param {{ name: string, proc: { exitCode: number | null } }[]} clients
 * @param {number} seconds
 * @param {string} what
 * @param {string} workDir
 */
async function whenWritten(files, clients, seconds, what, workDir) {
  const deadline = Date.now() + seconds * 1000;
  while (!files.every((f) => existsSync(f))) {
    const gone = clients.find((c) => c.proc.exitCode !== null);
    if (gone) {
      const log = readFileSync(join(workDir, `${gone.name}.log`), 'utf8')
        .trim()
        .split('\n')
        .slice(-5)
        .join(' | ');
      throw new Error(`the live client ${gone.name} exited with ${gone.proc.exitCode}: ${log}`);
    }
    if (Date.now() > deadline)
      throw new Error(`the live clients did not ${what} within ${seconds} s; see live-clients*.log in ${workDir}`);
    await sleep(250);
  }
}

/**
 * Member `sid` votes for option `optionIndex` of the poll through the gateway.
 * @param {BenchStack} stack
 * @param {string} pollId
 * @param {string} sid
 * @param {number} optionIndex
 */
const castVote = (stack, pollId, sid, optionIndex) =>
  fetch(`${stack.base}/api/polls/${pollId}/vote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
    body: JSON.stringify({ optionIndex }),
  });

/**
 * `rate` votes/s for `seconds` on the poll, each by the next member: every accepted vote's [total, answeredAt].
 * @param {{ stack: BenchStack, pollId: string, members: { sid: string }[], rate: number, seconds: number }} run
 */
async function vote({ stack, pollId, members, rate, seconds }) {
  /** @type {[number, number][]} */
  const answers = [];
  /** @type {Record<string, number>} */
  const errors = {};
  const start = now();
  /** @type {Promise<unknown>[]} */
  const pending = [];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = start + (i * 1000) / rate - now();
    if (wait > 0) await sleep(wait);
    const request = castVote(stack, pollId, /** @type {{ sid: string }} */ (members[i]).sid, i % 4);
    pending.push(
      request
        .then(async (res) => {
          const body = await res.json();
          if (res.status === 200) answers.push([body.totalVotes, now()]);
          else errors[res.status] = (errors[res.status] ?? 0) + 1;
        })
        .catch((err) => (errors[err.code ?? 'network'] = (errors[err.code ?? 'network'] ?? 0) + 1)),
    );
  }
  await Promise.all(pending);
  return { answers, errors };
}

/**
 * Votes on the poll once for each of `members` through the gateway, a few at a time, before the sockets connect: the
 * members whose sockets may see the counts. Throws when one is refused.
 * @param {{ stack: BenchStack, pollId: string, members: { sid: string }[] }} run
 */
async function voteBeforehand({ stack, pollId, members }) {
  let next = 0;
  const voteNext = async () => {
    for (let i = next++; i < members.length; i = next++) {
      const res = await castVote(stack, pollId, /** @type {{ sid: string }} */ (members[i]).sid, i % 4);
      if (res.status !== 200)
        throw new Error(`a voter's vote before the live run was refused: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, voteNext));
}

/**
 * The stack's CPU per vote by process, the socket clients summed as `live-clients`.
 * @param {CpuReading} before
 * @param {CpuReading} after
 * @param {number} votes
 */
function liveCpu(before, after, votes) {
  const cpu = cpuWindow(before, after, votes);
  const clients = Object.keys(cpu).filter((name) => name.startsWith('live-clients'));
  const spent = clients.reduce((sum, name) => sum + /** @type {{ cpuMs: number }} */ (cpu[name]).cpuMs, 0);
  for (const name of clients) delete cpu[name];
  cpu['live-clients'] = { cpuMs: spent, perRequestMs: votes > 0 ? spent / votes : null };
  return cpu;
}

/** @param {LiveOptions & { label: string, targets: string[], votersFile: string }} options */
async function once({
  votersFile,
  stack,
  workDir,
  label,
  targets,
  pollId,
  membersCsv,
  memberOffset,
  sockets,
  clients,
  rate,
  seconds,
  runnerRoot,
  cpuNow,
}) {
  const files = (/** @type {string} */ kind) =>
    Array.from({ length: clients }, (_, k) => join(workDir, `${label}-${k + 1}.${kind}`));
  const answersFile = join(workDir, `${label}.answers.json`);
  /** @type {import('../local/servers.mjs').ProcessHandle[]} */
  const handles = [];
  let offset = 0;
  for (let k = 0; k < clients; k++) {
    const count = Math.floor(sockets / clients) + (k < sockets % clients ? 1 : 0);
    /** @type {NodeJS.ProcessEnv} */
    const env = {
      TARGETS: targets.join(','),
      SOCKETS: String(count),
      SOCKET_OFFSET: String(offset),
      POLL_ID: pollId,
      INTERNAL_SECRET: stack.secret,
      KIT: stack.kitPath,
      VOTERS_FILE: votersFile,
      ANSWERS_FILE: answersFile,
    };
    for (const kind of ['ready', 'samples', 'result']) env[`${kind.toUpperCase()}_FILE`] = files(kind)[k];
    handles.push(
      await stack.startNodeScript(
        k === 0 ? 'live-clients' : `live-clients-${k + 1}`,
        join(runnerRoot, 'deploy/bench/live-clients.mjs'),
        env,
      ),
    );
    offset += count;
  }
  try {
    await whenWritten(files('ready'), handles, 300, 'connect their sockets', workDir);
    const ready = files('ready').map((f) => JSON.parse(readFileSync(f, 'utf8')));
    const members = parseMembers(readFileSync(membersCsv, 'utf8')).slice(memberOffset);
    const before = cpuNow();
    const { answers, errors } = await vote({ stack, pollId, members, rate, seconds });
    handOver(answersFile, JSON.stringify(answers));
    await whenWritten(files('result'), handles, 60, 'measure', workDir);
    const after = cpuNow();
    const results = files('result').map((f) => JSON.parse(readFileSync(f, 'utf8')));
    const parts = files('samples').map((f) => {
      const bytes = readFileSync(f);
      return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    });
    const samples = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      samples.set(p, at);
      at += p.length;
    }
    const sum = (/** @type {string} */ key) => results.reduce((n, r) => n + r[key], 0);
    return {
      sockets,
      following: sum('following'),
      processes: targets.length,
      clients,
      rate,
      seconds,
      votes: answers.length,
      errors,
      connectSeconds: Math.max(...ready.map((r) => r.connectSeconds)),
      disconnects: sum('disconnects'),
      missed: sum('missed'),
      voters: sum('voters'),
      countsToNonVoters: sum('countsToNonVoters'),
      noCountsToVoters: sum('noCountsToVoters'),
      latency: percentiles(samples),
      cpu: liveCpu(before, after, answers.length),
    };
  } finally {
    for (const handle of handles) await handle.stop(5000);
  }
}

/** @param {LiveOptions} options */
export async function measureLive(options) {
  const { stack, say, sockets, clients, rate, seconds, workDir, pollId } = options;
  // Every second socket is a member who voted on the poll: those members vote first, and the runs' votes come after.
  const voters = parseMembers(readFileSync(options.membersCsv, 'utf8')).slice(
    options.memberOffset,
    options.memberOffset + Math.ceil(sockets / 2),
  );
  const voterIds = voters.map((m) => {
    if (!m.userId) throw new Error(`the members CSV ${options.membersCsv} has no userId column`);
    return m.userId;
  });
  say(`· live counts: ${voters.length} members vote on the poll first (their sockets may see its counts)`);
  await voteBeforehand({ stack, pollId, members: voters });
  // Their votes' backlog (persisted, counted, notified) is not the runs' load.
  await settle(stack);
  const votersFile = join(workDir, 'live-voters.json');
  handOver(votersFile, JSON.stringify(voterIds));
  const runsFrom = options.memberOffset + voters.length;
  /**
   * @param {string} label
   * @param {{ name: string, url: string }[]} targets
   * @param {number} memberOffset
   */
  const run = async (label, targets, memberOffset) => {
    const perTarget = Math.ceil(sockets / targets.length);
    for (const target of targets) {
      const proc = stack.processes().findLast((p) => p.name === target.name);
      if (proc && openFilesLimit(proc.pid) < perTarget + 200)
        throw new Error(
          `${proc.name} may open ${openFilesLimit(proc.pid)} files, fewer than the ${perTarget} sockets it would hold: raise ulimit -n`,
        );
    }
    say(
      `· live counts, ${targets.length} notifications process${targets.length > 1 ? 'es' : ''}: ${sockets} sockets from ${clients} client process${clients > 1 ? 'es' : ''}, ${rate} votes/s for ${seconds} s`,
    );
    const result = await once({ ...options, label, targets: targets.map((t) => t.url), memberOffset, votersFile });
    const l = result.latency;
    say(
      `  ${result.following}/${result.sockets} sockets followed the poll (in ${result.connectSeconds.toFixed(1)} s), ${result.voters} of them voters'; ${result.votes} votes; vote answer → poll_update p50 ${l.p50?.toFixed(1)} ms, p99 ${l.p99?.toFixed(1)} ms; ${result.missed} updates missed, ${result.disconnects} disconnects, errors ${JSON.stringify(result.errors)}; updates with counts to a non-voter ${result.countsToNonVoters}, without counts to a voter ${result.noCountsToVoters}`,
    );
    return result;
  };
  const first = { name: 'notifications', url: `http://127.0.0.1:${stack.ports.notifications}` };
  const one = await run('live-one', [first], runsFrom);
  const second = await stack.addNotifications('notifications-2');
  const two = await run(
    'live-two',
    [first, { name: 'notifications-2', url: `http://127.0.0.1:${second.port}` }],
    runsFrom + rate * seconds + 10,
  );
  const [oneP99, twoP99] = /** @type {[number, number]} */ ([one.latency.p99, two.latency.p99]);
  return { one, two, p99Ratio: oneP99 > 0 ? twoP99 / oneP99 : null };
}
