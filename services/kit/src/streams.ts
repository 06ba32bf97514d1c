/**
 * JetStream streams at the replication `NATS_STREAM_REPLICAS` asks for, and setup that waits through an election.
 * Every stream of Meydan (events, dead letters, admin's bulk e-mail queue) is created here: missing, it is added at
 * that replication; present at another one, it is updated in place (a cluster moves an R1 stream to R3 and back
 * without losing messages). For a few seconds after a server of a cluster is lost, JetStream's API times out or says
 * it is unavailable while its leaders are elected again; stream and consumer setup then waits and tries again.
 */
import {
  ErrorCode,
  NatsError,
  RetentionPolicy,
  StorageType,
  nanos,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
} from 'nats';
import { streams } from '@meydan/proto';
import { ConfigError } from './config.js';
import type { Logger } from './logger.js';
import { exponentialBackoff } from './retry.js';

export interface StreamSpec {
  name: string;
  subjects: readonly string[];
  /** `workqueue`: a message is removed once acknowledged (a queue of jobs); `limits` (default): kept for `maxAgeMs`. */
  retention?: 'limits' | 'workqueue';
  /** How long messages are kept; unset: until removed. */
  maxAgeMs?: number;
  /** Window in which a message id is stored once. */
  duplicateWindowMs: number;
}

/** The streams every service makes sure of at start. */
export const eventStreams: readonly StreamSpec[] = [
  { ...streams.events, maxAgeMs: 14 * 24 * 3600 * 1000, duplicateWindowMs: 10 * 60 * 1000 },
  { ...streams.deadLetter, maxAgeMs: 14 * 24 * 3600 * 1000, duplicateWindowMs: 10 * 60 * 1000 },
];

/** The admin service's bulk e-mail work queue: a message is removed once acknowledged. */
export const adminBulkEmailStream: StreamSpec = {
  ...streams.adminBulkEmail,
  retention: 'workqueue',
  duplicateWindowMs: 24 * 3600 * 1000,
};

/** Every stream of Meydan: what the operator user sets up (`setUpStreams`) before the services start. */
export const allStreams: readonly StreamSpec[] = [...eventStreams, adminBulkEmailStream];

/** How long stream and consumer setup keeps trying through an election before the process gives up. */
export const JETSTREAM_SETUP_WAIT_MS = 30_000;

/** JetStream's API error codes that pass once the cluster has elected its leaders again. */
const PASSING_API_ERRORS = new Set([
  10005, // no suitable peers for placement (a server is still away)
  10006, // JetStream not in clustered mode yet
  10008, // JetStream system temporarily unavailable
  10023, // insufficient resources (while peers are away)
  10058, // stream name already in use (another instance created it a moment ago: read it again)
]);

const STREAM_NOT_FOUND = 10059;

/**
 * A stream a process has just made sure of, not found by the consumer API: in a cluster, the server answering may not
 * have applied the stream's creation by another process yet (two processes of a service starting at once; seen on a
 * loaded machine). Consumer setup waits it out.
 */
export const streamNotFoundYet = (err: unknown): boolean => apiErrorCode(err) === STREAM_NOT_FOUND;
const REPLICAS_NOT_SUPPORTED = 10074;

function apiErrorCode(err: unknown): number | undefined {
  return err instanceof NatsError ? err.api_error?.err_code : undefined;
}

/** A failure of JetStream's API that an election or a reconnect ends: a timeout, nobody answering, or one of the codes above. */
export function passesAfterElection(err: unknown): boolean {
  if (!(err instanceof NatsError)) return false;
  const code = apiErrorCode(err);
  if (code !== undefined) return PASSING_API_ERRORS.has(code);
  return [ErrorCode.Timeout, ErrorCode.NoResponders, ErrorCode.Disconnect, ErrorCode.ConnectionRefused].includes(
    err.code as ErrorCode,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a JetStream setup step until it succeeds, retrying failures that an election ends (see `passesAfterElection`)
 * and those `alsoPasses` names for up to `waitMs`; other failures, and the last one, are thrown.
 */
export async function throughElection<T>(
  what: string,
  step: () => Promise<T>,
  log: Logger,
  waitMs = JETSTREAM_SETUP_WAIT_MS,
  alsoPasses: (err: unknown) => boolean = () => false,
): Promise<T> {
  const started = Date.now();
  const delay = exponentialBackoff(200, 2000);
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const waited = Date.now() - started;
      if (!(passesAfterElection(err) || alsoPasses(err)) || waited + delay(attempt) > waitMs) throw err;
      if (attempt === 1)
        log.warn({ err: (err as Error).message, what }, 'jetstream not ready: waiting for its leaders');
      await sleep(delay(attempt));
    }
  }
}

function streamConfig(spec: StreamSpec, replicas: number): Partial<StreamConfig> & { name: string } {
  return {
    name: spec.name,
    subjects: [...spec.subjects],
    retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    storage: StorageType.File,
    num_replicas: replicas,
    duplicate_window: nanos(spec.duplicateWindowMs),
    ...(spec.maxAgeMs ? { max_age: nanos(spec.maxAgeMs) } : {}),
  };
}

function replicasRefused(spec: StreamSpec, replicas: number, reason: string): ConfigError {
  return new ConfigError(
    `NATS_STREAM_REPLICAS=${replicas}: the NATS server refuses stream ${spec.name} at ${replicas} replicas (${reason}); ` +
      `set NATS_STREAM_REPLICAS=1 for a single server, or point NATS_URL at a JetStream cluster of at least ${replicas} servers`,
  );
}

/** A stream change the server refused to this user (a service's): the operator's to make. */
function refusedToUser(spec: StreamSpec, state: string) {
  return (err: unknown): never => {
    if (err instanceof NatsError && err.code === ErrorCode.PermissionsViolation) {
      throw new ConfigError(
        `stream ${spec.name} ${state}, and this NATS user may not set up streams: the operator user does ` +
          `(npm start before the services; a deployment's nats-streams job, deploy/k8s)`,
      );
    }
    throw err;
  };
}

/**
 * Sets up every stream of Meydan (`allStreams`) at `replicas`, as the operator user: the launcher and a deployment's
 * stream job run this before the services start, which only look the streams up.
 */
export async function setUpStreams(jsm: JetStreamManager, options: EnsureStreamOptions): Promise<StreamInfo[]> {
  const infos: StreamInfo[] = [];
  for (const spec of allStreams) infos.push(await ensureStream(jsm, spec, options));
  return infos;
}

export interface EnsureStreamOptions {
  /** NATS_STREAM_REPLICAS. */
  replicas: number;
  /** Whether the server we talk to is part of a cluster (its INFO names one). */
  clustered: boolean;
  log: Logger;
  waitMs?: number;
}

/**
 * Makes sure of a stream: adds it when missing, or updates its replication in place when it differs; several
 * instances may do so at once. Replicas above 1 against a single server are refused with a ConfigError (the server
 * refuses to create such a stream, and would take the update of an existing one without replicating anything).
 * A service's own NATS user may only look a stream up: when it finds the stream missing or at other replicas, the
 * server refuses the change, and that is a ConfigError saying the operator sets streams up (`setUpStreams`).
 */
export async function ensureStream(
  jsm: JetStreamManager,
  spec: StreamSpec,
  options: EnsureStreamOptions,
): Promise<StreamInfo> {
  const { replicas, log } = options;
  if (replicas > 1 && !options.clustered)
    throw replicasRefused(spec, replicas, 'replicas > 1 not supported in non-clustered mode');
  try {
    return await throughElection(
      `stream ${spec.name}`,
      async () => {
        const info = await jsm.streams.info(spec.name).catch((err: unknown) => {
          if (apiErrorCode(err) === STREAM_NOT_FOUND) return null;
          throw err;
        });
        if (!info) return jsm.streams.add(streamConfig(spec, replicas)).catch(refusedToUser(spec, 'is missing'));
        if (info.config.num_replicas === replicas) return info;
        log.info(
          { stream: spec.name, from: info.config.num_replicas, to: replicas },
          'stream replicas changed in place',
        );
        return jsm.streams
          .update(spec.name, { ...info.config, num_replicas: replicas })
          .catch(
            refusedToUser(
              spec,
              `is at ${info.config.num_replicas} replicas, not the ${replicas} of NATS_STREAM_REPLICAS`,
            ),
          );
      },
      log,
      options.waitMs,
    );
  } catch (err) {
    if (apiErrorCode(err) === REPLICAS_NOT_SUPPORTED) throw replicasRefused(spec, replicas, (err as NatsError).message);
    throw err;
  }
}
