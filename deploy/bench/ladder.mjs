// One scenario of deploy/k6/hot-paths.js stepped up through rates on the bench's stack: its steps as stages.mjs reads
// them, the rate found, whole-run totals, CPU by process over the whole run and over each held step (cpu.mjs), so
// that the CPU per request at the rate found is measured at that rate.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuWindow, withStepCpu } from './cpu.mjs';
import { cpuMs } from './stack.mjs';
import { actionTotalsOf, maxSustainable, stepsOf, totalsOf } from './stages.mjs';

/** @import { CpuReading, CpuSample, StepTiming } from './cpu.mjs' */
/** @import { BenchStack } from './stack.mjs' */

/** @typedef {Awaited<ReturnType<ReturnType<typeof ladderRunner>>>} LadderFigures */

/** How often every process's CPU is read while a ladder runs. */
const SAMPLE_MS = 200;

/**
 * A runner of ladders: `{ k6, stack, workDir, runnerRoot, timing: { warmS, rampS, stepS }, abortMs, counted (the
 * scenarios whose answers are counted afterwards: past the breaking point they stop sending instead of aborting),
 * settle, cpuNow, say }`.
 * @param {{ k6: string, stack: BenchStack, workDir: string, runnerRoot: string, timing: StepTiming, abortMs: number, counted: Set<string>, settle: () => Promise<void>, cpuNow: () => CpuReading, say: (line: string) => void }} options
 */
export function ladderRunner({ k6, stack, workDir, runnerRoot, timing, abortMs, counted, settle, cpuNow, say }) {
  /**
   * @param {string} scenario
   * @param {{ rates: number[], base?: string, extraEnv?: NodeJS.ProcessEnv, label?: string, p99Ms?: number }} options
   */
  return async function runLadder(scenario, { rates, base = stack.base, extraEnv = {}, label = scenario, p99Ms }) {
    const summaryFile = join(workDir, `${label}.summary.json`);
    await settle();
    say(
      `· ${label}: ${rates[0]}…${rates.at(-1)}/s in steps of ${timing.stepS} s (stops early once a request takes ${abortMs} ms)`,
    );
    const before = cpuNow();
    const t0 = Date.now();
    const run = spawn(
      k6,
      ['run', '--quiet', '--no-color', '--address', '127.0.0.1:0', join(runnerRoot, 'deploy/k6/hot-paths.js')],
      {
        env: {
          ...process.env,
          BASE_URL: base,
          SCENARIOS: scenario,
          STAGES: rates.join(','),
          STEP_S: String(timing.stepS),
          RAMP_S: String(timing.rampS),
          WARM_S: String(timing.warmS),
          ABORT_MS: String(abortMs),
          BREAK_MODE: counted.has(scenario) ? 'skip' : 'abort',
          SUMMARY_FILE: summaryFile,
          ...(p99Ms ? { P99_MS: String(p99Ms) } : {}),
          ...extraEnv,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    run.stderr.on('data', (/** @type {Buffer} */ chunk) => (stderr += chunk));
    /** @type {CpuSample[]} */
    const samples = [];
    const sample = () =>
      samples.push({ t: Date.now(), cpu: { ...cpuNow(), k6: cpuMs(run.pid) || (samples.at(-1)?.cpu.k6 ?? 0) } });
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    const code = await new Promise((r) => run.once('exit', r));
    clearInterval(sampler);
    // The last step ends as k6 does: one more reading covers it.
    sample();
    const after = cpuNow();
    if (!existsSync(summaryFile))
      throw new Error(`k6 (${label}) exited with ${code} and wrote no summary:\n${stderr.slice(-2000)}`);
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const startedAt = summary.setup_data?.startedAt ?? t0;
    const steps = withStepCpu(stepsOf(summary, scenario, rates, timing.stepS, { p99Ms }), samples, startedAt, timing);
    const totals = totalsOf(summary);
    const best = maxSustainable(steps);
    const cpu = cpuWindow(before, after, totals.accepted);
    // Every sample has k6's reading (sample() sets it).
    const k6Ms = /** @type {number} */ (/** @type {CpuSample} */ (samples.at(-1)).cpu.k6);
    cpu.k6 = { cpuMs: k6Ms, perRequestMs: totals.accepted ? k6Ms / totals.accepted : null };
    const aborted = code === 108;
    const seconds = (Date.now() - t0) / 1000;
    say(
      `  sustained ${best.rate}/s${best.brokeAt ? `, broke at ${best.brokeAt}/s` : ', did not break'}${aborted ? ' (stopped early)' : ''}; ${totals.accepted} accepted, ${totals.errors} errors, ${seconds.toFixed(0)} s`,
    );
    const actions = scenario === 'mixed' ? actionTotalsOf(summary) : undefined;
    return {
      scenario: label,
      rates,
      steps,
      maxRate: best.rate,
      brokeAt: best.brokeAt,
      dips: best.dips,
      atMax: best.step,
      ...totals,
      actions,
      cpu,
      aborted,
      seconds,
    };
  };
}
