// Finds the tests that race: runs chosen test files (or the whole suite, as `npm test` runs it) several times,
// optionally with a busy loop on every core beside it, and prints each test that failed at least once with its
// failure. `npm run test:stress -- --help` says how.
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../local/ensure-deps.mjs';

const usage = `npm run test:stress -- [--runs N] [--busy] [--shuffle] [--project LANE] [--no-build] [--bail] [FILE_OR_FILTER ...]

  FILE_OR_FILTER  test files, folders or vitest filters (default: the whole suite, as npm test runs it)
  --runs N        how many times to run them (default 5)
  --busy          a busy loop on every core beside each run (started and stopped by this script, bounded)
  --bail          stop after the first run with a failure
  --shuffle       run the files in a new random order each run (the seed is printed): a file of the shared lane that
                  leans on what an earlier file left in its worker fails in some order
  --project LANE  only this lane of vitest.config.ts (shared, journeys, isolated, chaos, last); may be given more than once
  --no-build      skip tsc -b and the web build (when they are current)

Prints a line per run, then each test that failed at least once: how often, and its first failure.
Exits 1 when any test failed in any run.`;

const { values: options, positionals: filters } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    busy: { type: 'boolean', default: false },
    bail: { type: 'boolean', default: false },
    shuffle: { type: 'boolean', default: false },
    project: { type: 'string', multiple: true, default: [] },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  process.stderr.write(`--runs takes a whole number from 1 to 100\n${usage}\n`);
  process.exit(2);
}

const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const npx = (/** @type {string[]} */ args, env = process.env) =>
  spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });

if (!options['no-build']) {
  for (const step of [
    ['tsc', '-b'],
    ['tsc', '-p', 'tsconfig.test.json'],
  ]) {
    if (npx(step).status !== 0) process.exit(1);
  }
  if (spawnSync('npm', ['run', 'build', '-w', '@meydan/web'], { cwd: root, stdio: 'inherit' }).status !== 0)
    process.exit(1);
}

/**
 * A busy loop per core, each ending by itself after `maxMs` even if this script is killed without its cleanup, so a
 * load test never outlives its run by more than that bound.
 * @param {number} maxMs
 */
function startBusyLoops(maxMs) {
  const loop = `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x = (x + Math.sqrt(x + 1)) % 1e9;`;
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }),
  );
}
/** @type {import('node:child_process').ChildProcess[]} */
const hogs = [];
const stopHogs = () => {
  for (const hog of hogs.splice(0)) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

/**
 * The part of vitest's JSON report read here.
 * @typedef {{ numPassedTests: number, testResults?: { name: string, status: string, message?: string, assertionResults?: { status: string, fullName: string, failureMessages?: string[] }[] }[] }} VitestReport
 */
/**
 * Runs vitest once and resolves with its JSON report (or null when it wrote none).
 * @param {string} outputFile
 * @param {number | null} seed the files' shuffled order, or null for the suite's own (longest first)
 * @returns {Promise<{ code: number | null, report: VitestReport | null }>}
 */
function runVitest(outputFile, seed) {
  const args = [
    'vitest',
    'run',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
    ...options.project.flatMap((lane) => ['--project', lane]),
    ...(seed === null ? [] : ['--sequence.shuffle.files', `--sequence.seed=${seed}`]),
    ...filters,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      try {
        resolve({ code, report: JSON.parse(readFileSync(outputFile, 'utf8')) });
      } catch {
        resolve({ code, report: null });
      }
    });
  });
}

/**
 * What failed in one report: `file › test name` → the failure's text.
 * @param {VitestReport} report
 */
function failuresOf(report) {
  const failed = new Map();
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    let counted = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      counted += 1;
      failed.set(`${name} › ${test.fullName}`, (test.failureMessages ?? []).join('\n'));
    }
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (file.status === 'failed' && counted === 0) failed.set(`${name} › (the file itself)`, file.message ?? '');
  }
  return failed;
}

const dir = mkdtempSync(join(tmpdir(), 'meydan-stress-'));
/** @type {Map<string, { count: number, first: string }>} */
const seen = new Map();
let runsDone = 0;
try {
  for (let i = 1; i <= runs; i++) {
    if (options.busy) hogs.push(...startBusyLoops(3 * 60 * 60 * 1000));
    const started = Date.now();
    const seed = options.shuffle ? randomInt(1, 2 ** 31) : null;
    if (seed !== null) say(`stress: run ${i}/${runs}: files shuffled with seed ${seed}`);
    const { code, report } = await runVitest(join(dir, `run-${i}.json`), seed);
    stopHogs();
    runsDone = i;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (!report) {
      seen.set(`(run ${i}) vitest`, { count: 1, first: `vitest exited ${code} without a report` });
      say(`stress: run ${i}/${runs}: vitest exited ${code} without a report, ${seconds} s`);
      if (options.bail) break;
      continue;
    }
    const failed = failuresOf(report);
    for (const [key, text] of failed) {
      const entry = seen.get(key);
      if (entry) entry.count += 1;
      else seen.set(key, { count: 1, first: text });
    }
    say(
      `stress: run ${i}/${runs}${options.busy ? ' (busy cores)' : ''}: ${report.numPassedTests} passed, ${failed.size} failed, ${seconds} s`,
    );
    if (options.bail && failed.size > 0) break;
  }
} finally {
  stopHogs();
  rmSync(dir, { recursive: true, force: true });
}

say('');
if (seen.size === 0) {
  say(`stress: no test failed in ${runsDone} run(s)`);
} else {
  say(`stress: ${seen.size} test(s) failed at least once in ${runsDone} run(s):`);
  for (const [key, { count, first }] of seen) {
    say(`\n✗ ${key} — failed ${count}/${runsDone}`);
    say(
      first
        .split('\n')
        .slice(0, 20)
        .map((line) => `    ${line}`)
        .join('\n'),
    );
  }
}
process.exit(seen.size === 0 ? 0 : 1);
