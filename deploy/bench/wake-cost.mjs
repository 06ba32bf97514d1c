// How much more CPU the same piece of work costs right after the process slept than back to back: the bench prints it
// beside its figures (`node deploy/bench/wake-cost.mjs` prints it alone). A process that waited for its next event
// comes back to caches other processes have used meanwhile, and the work it does then costs more: on the 2-core machine
// of 2026-12-03, 1.4–3.4× in 27 runs, for a unit of 34–52 µs. A service at a low rate wakes for nearly every request,
// at its ceiling it finds the next one waiting, so its CPU per request falls as the load rises (there, in one run of
// 300, 600 and 1,000/s: the stack's CPU per member vote 3.52, 2.29 and 1.43 ms, the bare proxy hop's per request 0.54,
// 0.41 and 0.29 ms), and figures compare only at like load: the bench takes each scenario's, and the bare proxy hop's,
// at its own ceiling.
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { percentiles } from './live-math.mjs';

/** @typedef {{ busyUs: number, wokenUs: number, factor: number, sleepMs: number }} WakeCost */

/** The memory a unit walks over, in bytes: more than a core's caches and TLB cover, as a service's heap is. */
const WORKING_SET_BYTES = 64 * 1024 * 1024;

/**
 * One unit of work: `steps` reads and writes spread over `memory` (a stride of about 8 pages).
 * @param {Float64Array} memory
 * @param {number} steps
 */
function unit(memory, steps) {
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const at = (i * 4099) % memory.length;
    const value = /** @type {number} */ (memory[at]) + 1;
    memory[at] = value;
    sum += value;
  }
  return sum;
}

/** This process's CPU so far, in µs. */
function cpuUs() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * The median CPU of one unit (the bench's nearest-rank p50), each after a sleep of `sleepMs` (0: back to back). The
 * median, because the process's CPU includes its other threads' (V8 compiling or collecting in the background now and
 * then).
 * @param {Float64Array} memory
 * @param {number} steps
 * @param {number} units
 * @param {number} sleepMs
 */
async function unitCpuUs(memory, steps, units, sleepMs) {
  unit(memory, steps);
  /** @type {number[]} */
  const spent = [];
  for (let u = 0; u < units; u++) {
    if (sleepMs > 0) await sleep(sleepMs);
    const before = cpuUs();
    unit(memory, steps);
    spent.push(cpuUs() - before);
  }
  return /** @type {number} */ (percentiles(spent).p50);
}

/**
 * The CPU of one unit of work back to back and right after a sleep of `sleepMs`, and their ratio.
 * @param {{ steps?: number, units?: number, sleepMs?: number }} [options]
 * @returns {Promise<WakeCost>}
 */
export async function wakeCost({ steps = 20_000, units = 1000, sleepMs = 1 } = {}) {
  const memory = new Float64Array(WORKING_SET_BYTES / 8);
  const busyUs = await unitCpuUs(memory, steps, units, 0);
  const wokenUs = await unitCpuUs(memory, steps, units, sleepMs);
  return { busyUs, wokenUs, factor: busyUs > 0 ? wokenUs / busyUs : Number.NaN, sleepMs };
}

/**
 * The line the bench prints.
 * @param {WakeCost} cost
 */
export function describeWakeCost({ busyUs, wokenUs, factor, sleepMs }) {
  return (
    `this machine: a unit of work takes ${wokenUs.toFixed(1)} µs of CPU right after a ${sleepMs} ms sleep, ` +
    `${busyUs.toFixed(1)} µs back to back (${factor.toFixed(2)}×): CPU per request falls as the load rises`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.stdout.write(`${describeWakeCost(await wakeCost())}\n`);
