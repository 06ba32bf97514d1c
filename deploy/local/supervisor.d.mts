// Types for supervisor.mjs (plain JS so it can run before `npm install`).
import type { ChildProcess } from 'node:child_process';
import type { ProcessHandle } from './servers.mjs';

export const BACKOFF_FIRST_MS: number;
export const BACKOFF_MAX_MS: number;
export const HEALTHY_AFTER_MS: number;

export interface ExitReport {
  name: string;
  pid: number | null;
  code: number | null;
  signal: NodeJS.Signals | null;
  delayMs: number;
  restarts: number;
  error?: Error;
}
export interface Supervised<H extends ProcessHandle = ProcessHandle> {
  name: string;
  restarts: number;
  readonly proc: ChildProcess;
  readonly current: H;
  stop(graceMs?: number): Promise<void>;
}
export function supervise<H extends ProcessHandle>(
  name: string,
  start: () => H,
  options?: {
    onExit?: (report: ExitReport) => void;
    onRestart?: (supervised: Supervised<H>) => void;
    backoffFirstMs?: number;
    backoffMaxMs?: number;
    healthyAfterMs?: number;
  },
): Supervised<H>;
