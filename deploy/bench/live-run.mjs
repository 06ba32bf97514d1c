// The live-counts scenario: deploy/bench/live-clients.mjs against one notifications process, then against two (the
// second started now, joined to the first by the Redis adapter), on the same poll with other members voting.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

async function once({ stack, workDir, label, targets, pollId, membersCsv, memberOffset, sockets, rate, seconds, runnerRoot, cpuNow, cpuWindow }) {
  const resultFile = join(workDir, `${label}.json`);
  const before = cpuNow();
  const clients = await stack.startNodeScript('live-clients', join(runnerRoot, 'deploy/bench/live-clients.mjs'), {
    TARGETS: targets.join(','),
    SOCKETS: String(sockets),
    POLL_ID: pollId,
    BASE_URL: stack.base,
    MEMBERS_CSV: membersCsv,
    MEMBER_OFFSET: String(memberOffset),
    RATE: String(rate),
    SECONDS: String(seconds),
    INTERNAL_SECRET: stack.secret,
    KIT: stack.kitPath,
    RESULT_FILE: resultFile,
  });
  const deadline = Date.now() + (seconds + 120) * 1000;
  while (!existsSync(resultFile)) {
    if (clients.proc.exitCode !== null) {
      const log = readFileSync(join(workDir, 'live-clients.log'), 'utf8').trim().split('\n').slice(-5).join(' | ');
      throw new Error(`the live clients exited with ${clients.proc.exitCode}: ${log}`);
    }
    if (Date.now() > deadline) throw new Error(`the live clients did not finish; see ${join(workDir, 'live-clients.log')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const after = cpuNow();
  await clients.stop(5000);
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  return { ...result, cpu: cpuWindow(before, after, result.votes) };
}

export async function measureLive(options) {
  const { stack, say, sockets, rate, seconds } = options;
  const run = async (label, targets, memberOffset) => {
    say(`· live counts, ${targets.length} notifications process${targets.length > 1 ? 'es' : ''}: ${sockets} sockets, ${rate} votes/s for ${seconds} s`);
    const result = await once({ ...options, label, targets, memberOffset });
    const l = result.latency;
    say(`  ${result.following}/${result.sockets} sockets followed the poll; ${result.votes} votes; vote answer → poll_update p50 ${l.p50?.toFixed(1)} ms, p99 ${l.p99?.toFixed(1)} ms; ${result.missed} updates missed, ${result.disconnects} disconnects, errors ${JSON.stringify(result.errors)}`);
    return result;
  };
  const one = await run('live-one', [`http://127.0.0.1:${stack.ports.notifications}`], options.memberOffset);
  const second = await stack.addNotifications('notifications-2');
  const two = await run('live-two', [`http://127.0.0.1:${stack.ports.notifications}`, `http://127.0.0.1:${second.port}`], options.memberOffset + rate * seconds + 10);
  return { one, two, p99Ratio: one.latency.p99 > 0 ? two.latency.p99 / one.latency.p99 : null };
}
