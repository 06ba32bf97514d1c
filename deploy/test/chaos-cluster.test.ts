/**
 * `npm run chaos:cluster`, short: the real run (deploy/chaos/cluster.mjs) on its own clusters (NATS ×3 with R3 streams,
 * Redis with Sentinel, PostgreSQL primary and synchronous standby under FerretDB) with two processes of every service,
 * a storm of 60 votes/s (plain and ranked ballots) from before the first fault until a quiet spell after the last, and
 * four faults: the NATS leader of the votes' stream killed; the Redis master killed; the new Redis master frozen until
 * Sentinel fails over and then woken (a split brain: what it took meanwhile is dropped when it becomes a replica, and
 * the polls processes count those votes again from MongoDB); the PostgreSQL primary killed under FerretDB (its
 * synchronous standby promoted). Each must meet votes and let them flow again within the full run's bound, 10 s: the
 * first accepted vote after the fault, none failed after it. The NATS follower and the rolling restart are left to the
 * full run (`npm run chaos:cluster`): losing a follower is what losing the leader already covers, minus the election,
 * and a rolling restart costs a minute.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The full run's bound: votes flow again within 10 s of losing any one node. */
const RECOVERY_S = 10;

/** The runs still going, with what each printed: a run the test's timeout cut is stopped with it (SIGINT: it stops its clusters), not left, and what it printed is shown. */
const running = new Map<ReturnType<typeof spawn>, () => string>();
afterAll(() => {
  for (const [child, printed] of running) {
    console.error(`the cluster chaos run was cut by the test's timeout; it had printed:\n${printed()}`);
    child.kill('SIGINT');
  }
});

/** Runs cluster.mjs with `env`; its exit code and everything it printed. */
function runChaosCluster(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [join(root, 'deploy/chaos/cluster.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  running.set(child, () => out);
  child.once('exit', () => running.delete(child));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('the chaos run on clusters', () => {
  it('loses and doubles no acknowledged vote, and lets votes flow again within 10 s, when the NATS stream leader, the Redis master and the PostgreSQL primary are killed and a Redis master stalls past a failover, under a storm', async () => {
    const { code, out } = await runChaosCluster({
      CHAOS_RATE: '60',
      // The storm's longest: it ends once the faults are over (about a minute), and the run fails if they outlast it.
      CHAOS_STORM_S: '240',
      CHAOS_QUIET_S: '4',
      CHAOS_RECOVERY_S: String(RECOVERY_S),
      CHAOS_FAULTS: 'nats-leader,redis-master,redis-stall,postgres-primary',
      CHAOS_REDIS: 'sentinel',
      REPLICAS: '2',
      // `npm test` has just built every workspace (and a single run of this file is preceded by `npx tsc -b`).
      CHAOS_SKIP_BUILD: '1',
    });
    // The table: one row per fault, in order, each with votes in its window, votes flowing again within the bound,
    // and none lost or doubled.
    const rows = out
      .split('\n')
      .filter((line) => /^\| (kill|freeze|outside)/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(
      rows.map((r) => r[0]),
      out,
    ).toEqual([
      'kill -9 NATS leader of EVENTS',
      'kill -9 Redis master',
      'freeze Redis master, fail over, wake it',
      'kill -9 PostgreSQL primary, promote',
      'outside faults',
    ]);
    for (const [fault, , , , recovery, checked, lost, doubled] of rows) {
      expect({ fault, lost, doubled }, out).toEqual({ fault, lost: '0', doubled: '0' });
      expect(Number(checked), `${fault}: votes checked`).toBeGreaterThan(0);
      if (fault === 'outside faults') continue;
      expect(recovery, out).toMatch(/^\d+\.\d s$/);
      expect(Number.parseFloat(recovery!), `${fault}: time to recover\n${out}`).toBeLessThanOrEqual(RECOVERY_S);
    }
    // Per poll: accepted (a range where a take-back's answer was cut off) = MongoDB = Redis counter = Redis voters = the
    // API, and per option MongoDB = Redis = the API, for all seven polls; for the two ranked ones (m3, s2) also their
    // ballots per ranking in MongoDB and Redis, and the API's runoff against the one MongoDB's ballots give.
    const perPoll = [
      ...out.matchAll(/^ {2}([ms]\d): (\d+)(?:–(\d+))? = (\d+) = (\d+) = (\d+) = (\d+); (\S+) = (\S+) = (\S+)$/gm),
    ];
    expect(
      perPoll.map((m) => m[1]),
      out,
    ).toEqual(['m0', 'm1', 'm2', 'm3', 's0', 's1', 's2']);
    for (const [, poll, least, most, mongo, ...figures] of perPoll) {
      expect(Number(mongo), `${poll}\n${out}`).toBeGreaterThanOrEqual(Number(least));
      expect(Number(mongo), `${poll}\n${out}`).toBeLessThanOrEqual(Number(most ?? least));
      expect(new Set([mongo, ...figures.slice(0, 3)]).size, out).toBe(1);
      expect(new Set(figures.slice(3)).size, out).toBe(1);
    }
    for (const ranked of ['m3', 's2'])
      expect(out).toContain(
        `${ranked} (ranked), ballots per ranking, MongoDB = Redis: equal; runoff of the API = MongoDB's ballots': equal`,
      );
    expect(out).toContain('chaos: nothing lost, nothing doubled');
    expect(code, out).toBe(0);
  }, 300_000);
});
