// Types for stack.mjs (plain JS so it can run before `npm install`).
import type { ServiceName } from '@meydan/proto';
import type { ProcessHandle } from './servers.mjs';
import type { Supervised, supervise } from './supervisor.mjs';

export const SERVICES: readonly ServiceName[];
export interface Instance {
  service: ServiceName;
  replica: number;
  name: string;
}
export function replicasOf(value: unknown): number;
export function instancesOf(replicas: number): Instance[];
export function gatewayUrls(instances: readonly Instance[], portOf: (name: string) => number): Record<string, string>;
export const LOAD_RUN_ENV: Readonly<Record<string, string>>;
export const MAIL_SERVICES: readonly ServiceName[];
export function stackEnv(options: {
  natsUrl: string;
  redisUrl: string;
  mongoUrl: string;
  smtpUrl: string;
  secret: string;
  origin: string;
  extra?: NodeJS.ProcessEnv;
  env?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv;
export function waitReady(
  name: string,
  url: string,
  handle: { proc: ProcessHandle['proc'] },
  options?: { timeoutMs?: number; explain?: (name: string) => string },
): Promise<void>;

/** A Web Push VAPID key pair (base64url): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY of notifications. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
export function newVapidKeys(): VapidKeys;

/** A user and password per process on NATS and Redis: the servers' files and each process's variables. */
export interface StackCredentials {
  /** MAIL_SECRET of the services that send mail and the mailer (kept in the folder, like the passwords). */
  mailSecret?: string;
  /** Web Push's VAPID key pair of notifications (kept in the folder: subscribed browsers stay subscribed). */
  vapid?: VapidKeys;
  natsConfigFile?: string;
  redisAclFile?: string;
  envOf(client: ServiceName | 'gateway', redisUrl: string): NodeJS.ProcessEnv;
  /** Sets up every JetStream stream as the NATS `operator` user (services may only look streams up); absent without NATS users. */
  setUpStreams?(natsUrl: string, replicas: number): Promise<void>;
}
export function writeCredentials(dir: string, which?: { nats?: boolean; redis?: boolean }): Promise<StackCredentials>;

/** NATS, Redis and the MongoDB-wire server, each unless `external` gives its URL (with `credentials`: a user per process). */
export function startServers(options: {
  dataDir: string;
  logDir?: string;
  binaries: { natsServer?: string | null; redisServer?: string | null; [name: string]: unknown };
  ports?: Partial<Record<'nats' | 'redis' | 'mongo', number>>;
  persist?: boolean;
  external?: Partial<Record<'nats' | 'redis' | 'mongo', string>>;
  started?: unknown[];
  credentials?: StackCredentials | null;
}): Promise<{ urls: Record<'nats' | 'redis' | 'mongo', string>; restart(name: 'nats' | 'redis' | 'mongo'): Promise<void>; stop(): Promise<void> }>;

export interface StackOptions {
  root?: string;
  logDir: string;
  urls: { nats: string; redis: string; mongo: string };
  smtpUrl?: string;
  replicas?: number;
  portsFor?: (instance: Instance | { name: 'gateway' }) => Promise<{ port: number; metricsPort: number }>;
  env?: NodeJS.ProcessEnv;
  serviceEnv?: (instance: { service: ServiceName; name: string }) => NodeJS.ProcessEnv;
  gatewayEnv?: NodeJS.ProcessEnv;
  credentials?: StackCredentials | null;
  secret?: string;
  /** MAIL_SECRET of the services that send mail and the mailer (default: the credentials', else a new one). */
  mailSecret?: string;
  /** notifications' VAPID keys (default: the credentials', else a new pair; VAPID_* in the environment win). */
  vapid?: VapidKeys;
  origin?: string;
  webDist?: string;
  supervise?: Parameters<typeof supervise>[2] | null;
  profile?: (name: string) => boolean;
  required?: readonly string[];
  health?: boolean;
  nodeRuntime?: boolean;
  started?: ProcessHandle[];
  explain?: (name: string) => string;
  say?: (line: string) => void;
}
export interface LaunchedStack {
  /** The gateway, e.g. http://127.0.0.1:41234. */
  base: string;
  secret: string;
  instances: Instance[];
  /** The port of `gateway` and of each service process, by name. */
  ports: Record<string, number>;
  metricsPorts: Record<string, number>;
  handles: Record<string, ProcessHandle | Supervised>;
  gateway: ProcessHandle | Supervised;
  launch(instance: { service: ServiceName; name: string; port?: number; metricsPort?: number }): ProcessHandle | Supervised;
  ready(name: string, port?: number, handle?: { proc: ProcessHandle['proc'] }): Promise<void>;
  profileDir: string;
  startScript(name: string, script: string, env?: NodeJS.ProcessEnv): ProcessHandle;
  processes(): { name: string; pid: number | undefined }[];
  track<H extends ProcessHandle | Supervised>(handle: H): H;
  stop(): Promise<void>;
}
export function startStack(options: StackOptions): Promise<LaunchedStack>;
