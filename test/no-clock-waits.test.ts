/**
 * No waiting by the clock: a test that needs time to pass names what it waits for (`until(...)`, `vi.waitFor`,
 * `expect.poll`, an event, a fake clock where the code takes one). This check reads every test source (support files
 * too) and refuses a wait by the clock: `waitForTimeout(`, `timers/promises`, a sleep/delay helper's call, and any
 * `setTimeout(` but a zero delay, a socket's `.setTimeout(` method and a deadline whose callback rejects. The waits
 * left are named, in test/quiet.ts: `quietFor(ms, 'what')`, a short proof that something does NOT happen, each listed
 * in PROOFS; `busyFor(ms)`, work inside a stand-in or a handler that takes time (or the pace of a load), each file's
 * uses counted in WORK. A listed entry that matches nothing fails too, so the tables stay true.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'test/no-clock-waits.test.ts';
/** Where the two named waits are defined. */
const QUIET = 'test/quiet.ts';

/** Proofs of absence: what each `quietFor` proves does not happen. */
const PROOFS: { file: string; what: string }[] = [
  { file: 'deploy/test/supervisor.test.ts', what: 'no restart after stop()' },
  { file: 'gateway/test/realtime.test.ts', what: 'the socket stays open while its session lives' },
  { file: 'services/auth/test/account-security.test.ts', what: 'no 4th activation mail' },
  { file: 'services/kit/test/periodic.test.ts', what: 'no run after stop()' },
  { file: 'services/notifications/test/realtime.test.ts', what: 'no poll_update after the final counts' },
  { file: 'services/polls/test/pending-votes.test.ts', what: 'a vote left pending is not stored until a sweep' },
  { file: 'services/polls/test/pending-votes.test.ts', what: 'a second sweep stores the vote no second time' },
  {
    file: 'services/social/test/follow-requests.test.ts',
    what: 'a request made again within the cooldown is announced no second time',
  },
  { file: 'web/test/prefetch-screen-data.test.ts', what: 'no screen module loaded ahead for the home page' },
  { file: 'web/test/prefetch-screen-data.test.ts', what: 'nothing asked for the own profile after a sign-out' },
  { file: 'web/test/screens.test.tsx', what: 'no dialog before the session is restored' },
  { file: 'web/test/screens.test.tsx', what: 'no live counts followed while the vote is on its way' },
];

/** Work that takes time where the code under test waits for it: how many `busyFor` calls each file makes, and why. */
const WORK: { file: string; count: number; why: string }[] = [
  {
    file: 'gateway/test/openapi.test.ts',
    count: 1,
    why: 'a stand-in for contact slower to send its document than a health check may take',
  },
  {
    file: 'services/kit/test/jetstream.test.ts',
    count: 1,
    why: 'a handler whose runs overlap, to count how many run at once',
  },
  {
    file: 'services/kit/test/nats-services.test.ts',
    count: 1,
    why: 'a slow answer, so the service stats have processing time to show',
  },
  {
    file: 'services/kit/test/periodic.test.ts',
    count: 1,
    why: 'a job longer than its interval, which must not overlap the next run',
  },
  {
    file: 'services/notifications/test/realtime.test.ts',
    count: 1,
    why: 'paces 1,000 live count messages over about a second',
  },
  { file: 'services/polls/test/votes.test.ts', count: 1, why: 'paces 40 votes over about two seconds' },
  { file: 'test/replicas/kill-under-load.test.ts', count: 1, why: 'paces the load a process is killed under' },
];

/** Lines that look like a wait and are not one: the line's text, and why it is not a wait. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: 'deploy/test/supervisor.test.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of another file's source, a template literal there
    text: '`setTimeout(() => process.exit(3), ${exitAfterMs})`',
    why: 'the source of the child program the supervisor runs (it exits after a while), not a wait of the test',
  },
];

const ROOTS = [
  'proto/test',
  'gateway/test',
  'web/test',
  'deploy/test',
  'test',
  ...readdirSync(join(root, 'services')).map((s) => `services/${s}/test`),
];

function sources(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Code without its comments (kept line for line, so a finding names its line). */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;,(){}])\/\/[^\n]*/g, '$1');
}

/** The text of a call's arguments, from just after its `(` to the matching `)`. */
function argumentsAt(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return code.slice(open + 1, i);
    } else if (c === "'" || c === '"' || c === '`') {
      const end = code.indexOf(c, i + 1);
      if (end > i) i = end;
    }
  }
  return code.slice(open + 1);
}

/** The last top-level argument of a call's argument text. */
function lastArgument(args: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if ('([{'.includes(c!)) depth++;
    else if (')]}'.includes(c!)) depth--;
    else if (c === ',' && depth === 0 && args.slice(i + 1).trim() !== '') start = i + 1;
  }
  return args.slice(start).trim().replace(/,$/, '').trim();
}

interface Finding {
  line: number;
  what: string;
  text: string;
}

/** Every wait by the clock in one file's source, and its quietFor proofs and busyFor count. */
function clockWaits(source: string): {
  findings: Finding[];
  proofs: { line: number; what: string | null }[];
  busy: number;
} {
  const code = withoutComments(source);
  const lines = source.split('\n');
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const findings: Finding[] = [];
  const found = (index: number, what: string) =>
    findings.push({ line: lineOf(index), what, text: lines[lineOf(index) - 1]!.trim() });
  for (const m of code.matchAll(/\bwaitForTimeout\s*\(/g)) found(m.index, 'waitForTimeout');
  for (const m of code.matchAll(/['"](node:)?timers\/promises['"]/g)) found(m.index, 'timers/promises');
  for (const m of code.matchAll(/(?<![.\w$])(sleep|delay)\s*\(/g)) found(m.index, `${m[1]}()`);
  for (const m of code.matchAll(/(?<![\w$])setTimeout\s*\(/g)) {
    const before = code.slice(Math.max(0, m.index - 16), m.index);
    // A socket's (or a request's) own setTimeout method; globalThis.setTimeout and window.setTimeout are timers.
    if (/\.\s*$/.test(before) && !/\b(globalThis|window|global)\s*\.\s*$/.test(before)) continue;
    const args = argumentsAt(code, m.index + m[0].length - 1);
    const delayArg = lastArgument(args);
    if (!args.includes(',') || delayArg === '0') continue; // a zero delay: the next turn of the event loop
    if (/^\(\s*\)\s*=>\s*\{?\s*reject\s*\(/.test(args.trim())) continue; // a deadline bound: fails the wait, never ends it
    found(m.index, 'setTimeout');
  }
  const proofs = [...code.matchAll(/\bquietFor\s*\(/g)].map((m) => {
    const what = /^[^,]+,\s*(['"])((?:(?!\1).)*)\1\s*$/s.exec(argumentsAt(code, m.index + m[0].length - 1));
    return { line: lineOf(m.index), what: what ? what[2]! : null };
  });
  const busy = [...code.matchAll(/\bbusyFor\s*\(/g)].length;
  return { findings, proofs, busy };
}

describe('no waiting by the clock in the tests', () => {
  const files = [...new Set(ROOTS.flatMap(sources))].filter((f) => f !== SELF && f !== QUIET).sort();

  it('finds the test sources', () => {
    expect(files.length).toBeGreaterThan(150);
    for (const f of [...PROOFS, ...WORK, ...ALLOWED].map((e) => e.file)) expect(files, f).toContain(f);
  });

  it('refuses every wait by the clock but a listed proof of absence or a listed piece of work', () => {
    const problems: string[] = [];
    const allowedUsed = new Set<number>();
    const proofsUsed = new Set<number>();
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      const { findings, proofs, busy } = clockWaits(source);
      for (const f of findings) {
        const allowed = ALLOWED.findIndex((a) => a.file === file && f.text.includes(a.text));
        if (allowed >= 0) allowedUsed.add(allowed);
        else
          problems.push(
            `${file}:${f.line}: ${f.what} used as a wait (wait for the event or state; a proof of absence is quietFor): ${f.text}`,
          );
      }
      for (const p of proofs) {
        const listed = PROOFS.findIndex((e) => e.file === file && e.what === p.what);
        if (p.what === null) problems.push(`${file}:${p.line}: quietFor without a written 'what' it proves`);
        else if (listed < 0)
          problems.push(`${file}:${p.line}: quietFor(…, '${p.what}') is not listed in PROOFS of ${SELF}`);
        else proofsUsed.add(listed);
      }
      const work = WORK.find((w) => w.file === file);
      if (busy > 0 && !work) problems.push(`${file}: busyFor used ${busy} time(s), not listed in WORK of ${SELF}`);
      if (work && work.count !== busy) problems.push(`${file}: busyFor used ${busy} time(s), WORK lists ${work.count}`);
    }
    PROOFS.forEach((p, i) => {
      if (!proofsUsed.has(i)) problems.push(`PROOFS entry matches no quietFor: ${p.file} '${p.what}'`);
    });
    ALLOWED.forEach((a, i) => {
      if (!allowedUsed.has(i)) problems.push(`ALLOWED entry matches no line: ${a.file} ${a.text}`);
    });
    expect(problems).toEqual([]);
  });

  it('would refuse a new bare sleep, and lets through what is not a wait', () => {
    const flagged = (source: string) => clockWaits(source).findings.map((f) => f.what);
    expect(flagged('await new Promise((r) => setTimeout(r, 100));')).toEqual(['setTimeout']);
    expect(flagged('await new Promise((resolve) =>\n  setTimeout(resolve, DELAY_MS),\n);')).toEqual(['setTimeout']);
    expect(flagged('setTimeout(() => void bus.ensureStreams(), 600);')).toEqual(['setTimeout']);
    expect(flagged('globalThis.setTimeout(done, 50);')).toEqual(['setTimeout']);
    expect(flagged('await page.waitForTimeout(1500);')).toEqual(['waitForTimeout']);
    expect(flagged("import { setTimeout as wait } from 'node:timers/promises';")).toEqual(['timers/promises']);
    expect(flagged('await sleep(2500);')).toEqual(['sleep()']);
    expect(flagged('await delay(10);')).toEqual(['delay()']);
    // Not waits: the next turn, a socket's idle timeout, a deadline that fails the wait, a comment, Redis WAIT.
    expect(flagged('const tick = () => new Promise((r) => setTimeout(r, 0));')).toEqual([]);
    expect(flagged('socket.setTimeout(20_000, () => socket.destroy());')).toEqual([]);
    expect(flagged("const timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);")).toEqual([]);
    expect(flagged('// no setTimeout(r, 100) here\n/* nor sleep(1) */')).toEqual([]);
    expect(flagged('expect(await redis.wait(2, 5_000)).toBe(2);')).toEqual([]);
    expect(clockWaits("await quietFor(300, 'no 4th mail');\nawait busyFor(30);")).toMatchObject({
      proofs: [{ line: 1, what: 'no 4th mail' }],
      busy: 1,
    });
    expect(clockWaits('await quietFor(300, reason);').proofs).toEqual([{ line: 1, what: null }]);
  });
});
