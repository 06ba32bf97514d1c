// Types for servers.mjs (plain JS so it can run before `npm install`).
import type { ChildProcess } from 'node:child_process';

export interface ProcessHandle {
  name: string;
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(graceMs?: number): Promise<void>;
}
export interface ServerHandle extends ProcessHandle {
  url: string;
  port: number;
}
export interface Binaries {
  natsServer: string | null;
  redisServer: string | null;
  mongod: string | null;
  ferretdb: string | null;
}
export const cacheDir: string;
export function which(command: string): string | null;
export function aptInstall(packages: string[]): void;
export function ensureFerretDb(): string;
export function ensureServerBinaries(options?: { nats?: boolean; redis?: boolean; mongo?: boolean }): Binaries;
export function ensureChromium(): string;
/** The directory of PostgreSQL's programs (initdb, pg_basebackup, pg_ctl, postgres), installed when missing. */
export function ensurePostgres(): string;
export function freePort(): Promise<number>;
export function portInUse(port: number, host?: string): Promise<boolean>;
export function waitForPort(port: number, options?: { timeoutMs?: number; proc?: ChildProcess; name?: string }): Promise<void>;
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options?: { logFile?: string; env?: NodeJS.ProcessEnv; cwd?: string },
): ProcessHandle;
/** `configFile`: a nats-server configuration to start with as well (the kit's `writeNatsAuthConfig`). */
export function startNats(options: { port: number; dataDir: string; logFile?: string; binary?: string | null; configFile?: string }): Promise<ServerHandle>;
export function startRedis(options: {
  port: number;
  dataDir: string;
  logFile?: string;
  persist?: boolean;
  binary?: string | null;
  /** More redis-server options: `--replicaof h p`, `--cluster-enabled yes`, `--requirepass …`. */
  extraArgs?: string[];
}): Promise<ServerHandle>;
export function startMongoWire(options: { port: number; dataDir: string; logFile?: string; binaries: Binaries }): Promise<ServerHandle>;
export function startMailDev(options: {
  smtpPort: number;
  webPort: number;
  logFile?: string;
  root: string;
}): Promise<ProcessHandle & { smtpUrl: string; webUrl: string }>;
