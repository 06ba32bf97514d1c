// `npm run bench`: every hot path of the product under load on a throw-away local stack, one scenario after another,
// each stepped up through arrival rates until it breaks; one table at the end and a JSON file of every figure.
// deploy/k6/README.md describes the scenarios, the targets and the env variables.
// This entry point builds, starts the stack and ties the parts together: settings.mjs (the env), wake-cost.mjs (the
// machine), settle.mjs (the stack at rest), web-figures.mjs, seed.mjs, scenarios.mjs (the runs), targets.mjs and
// report.mjs (verdicts, table).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureK6 } from '../local/ensure-tools.mjs';
import { startStack } from './stack.mjs';
import { evaluateTargets } from './targets.mjs';
import { renderReport } from './report.mjs';
import { idleMemory } from './settle.mjs';
import { webFigures } from './web-figures.mjs';
import { seed } from './seed.mjs';
import { runScenarios } from './scenarios.mjs';
import { describeWakeCost, wakeCost } from './wake-cost.mjs';
import {
  ABORT_MS,
  benchRoot,
  env,
  LIVE_CLIENTS,
  LIVE_RATE,
  LIVE_S,
  LOG_LEVEL,
  MIXED_P99_MS,
  RAMP_S,
  RATES,
  runnerRoot,
  say,
  SHED_RATES,
  SOCKETS,
  STEP_S,
  VOTE_RATES,
} from './settings.mjs';

/** @import { BenchResults } from './targets.mjs' */
/** @import { BenchStack } from './stack.mjs' */

// Both set by main() before anything else reads them.
/** @type {BenchStack} */
let stack;
/** @type {string} */
let workDir;

async function cleanUp() {
  await stack?.stop();
  if (workDir && !env.BENCH_KEEP && !env.BENCH_PROFILE) rmSync(workDir, { recursive: true, force: true });
}

function build() {
  if (env.BENCH_SKIP_BUILD) return say(`BENCH_SKIP_BUILD: using the existing builds in ${benchRoot}`);
  say(`building ${benchRoot} (tsc -b, web)…`);
  const tsc = spawnSync('npx', ['tsc', '-b'], { cwd: benchRoot, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -b failed');
  const web = spawnSync('npm', ['run', 'build', '-w', '@meydan/web'], {
    cwd: benchRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (web.status !== 0) throw new Error('the web build failed');
}

/**
 * The targets, the JSON file and the table; the exit code.
 * @param {BenchResults} results
 * @param {number} t0
 */
function finish(results, t0) {
  results.targets = evaluateTargets(results);
  results.finishedAt = new Date().toISOString();
  results.seconds = (Date.now() - t0) / 1000;
  const jsonFile = resolve(
    env.BENCH_JSON || join(tmpdir(), `meydan-bench-${results.startedAt.replace(/[:.]/g, '-')}.json`),
  );
  mkdirSync(resolve(jsonFile, '..'), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  say('');
  say(renderReport(results));
  say(`all figures: ${jsonFile}`);
  if (env.BENCH_PROFILE)
    say(`CPU profiles (open in Chrome DevTools or speedscope): ${stack.profileDir} — written when the processes stop`);
  const correctnessFailed = results.targets.filter((t) => t.kind === 'correctness' && !t.pass);
  if (correctnessFailed.length) say(`correctness FAILED: ${correctnessFailed.map((t) => t.name).join('; ')}`);
  const performanceFailed = results.targets.filter((t) => t.kind === 'performance' && t.pass === false);
  return correctnessFailed.length ? 1 : env.BENCH_STRICT && performanceFailed.length ? 2 : 0;
}

/**
 * The baseline run's figures (BENCH_BASELINE: the JSON file of `npm run bench` on the code before, run just before this
 * one on the same machine), or undefined.
 * @returns {BenchResults['baseline']}
 */
function baseline() {
  if (!env.BENCH_BASELINE) return undefined;
  /** @type {BenchResults} */
  const before = JSON.parse(readFileSync(resolve(env.BENCH_BASELINE), 'utf8'));
  say(`baseline: ${env.BENCH_BASELINE} (${before.codeUnderTest}, ${before.startedAt})`);
  return { codeUnderTest: before.codeUnderTest, startedAt: before.startedAt, scenarios: before.scenarios };
}

async function main() {
  const t0 = Date.now();
  const before = baseline();
  const k6 = ensureK6();
  build();
  // Before the stack starts, while the machine is quiet.
  const machine = { wakeCost: await wakeCost() };
  say(describeWakeCost(machine.wakeCost));
  const webDist = join(benchRoot, 'web', 'dist');
  workDir = mkdtempSync(join(tmpdir(), 'meydan-bench-'));
  say(`code under test: ${benchRoot}${benchRoot === runnerRoot ? '' : ` (runner from ${runnerRoot})`}`);
  const stackStart = Date.now();
  stack = await startStack({
    root: benchRoot,
    workDir,
    webDist,
    logLevel: LOG_LEVEL,
    profile: () => !!env.BENCH_PROFILE,
    say,
  });
  say(`stack up in ${((Date.now() - stackStart) / 1000).toFixed(1)} s; logs in ${workDir}`);
  const settings = {
    RATES,
    VOTE_RATES,
    SHED_RATES,
    STEP_S,
    RAMP_S,
    ABORT_MS,
    MIXED_P99_MS,
    SOCKETS,
    LIVE_CLIENTS,
    LIVE_RATE,
    LIVE_S,
    LOG_LEVEL,
  };
  /** @type {BenchResults} */
  const results = {
    startedAt: new Date(t0).toISOString(),
    codeUnderTest: benchRoot,
    node: process.version,
    machine,
    settings,
    scenarios: {},
    checks: {},
    ...(before ? { baseline: before } : {}),
  };

  results.idleRssMb = await idleMemory(stack);
  say(
    `idle RSS (MB): ${Object.entries(results.idleRssMb)
      .map(([n, mb]) => `${n} ${mb?.toFixed(0)}`)
      .join(', ')}`,
  );
  results.web = await webFigures(stack, webDist);
  say(
    `initial JS for /: ${(results.web.initialJsGzipBytes / 1000).toFixed(1)} kB gzip; ${results.web.asset}: ${Object.entries(
      results.web.encodings,
    )
      .map(([e, r]) => `${e} → ${r.contentEncoding ?? 'none'}, ${r.cacheControl ?? 'no cache-control'}`)
      .join('; ')}`,
  );

  await runScenarios(k6, stack, workDir, results, await seed(stack, workDir));
  return finish(results, t0);
}

process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`bench: ${err.stack ?? err.message}\n`);
    await cleanUp();
    process.exit(1);
  });
