import {
  clientSocketEvents as C,
  limits,
  notificationLimits,
  serverSocketEvents as S,
  type BulkEmailJob,
  type NotificationItem,
  type PollUpdate,
  type ServerSocketPayload,
} from '@meydan/proto';
import { socketValidatorNames, type ServerSocketEvent } from '../../lib/socket-schemas';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** The part of a socket.io client socket the hub uses (a fake stands in for it in tests). */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, handler: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /** The manager, for its reconnect events. */
  readonly io?: { on(event: string, handler: (...args: never[]) => void): unknown };
}

export type SocketFactory = () => SocketLike;

export interface HubEvents {
  [S.pollUpdate]: PollUpdate;
  [S.notification]: NotificationItem;
  [S.notificationCount]: number;
  [S.authSuccess]: string;
  /** An administrator's bulk e-mail job moved on (sent only to that administrator's sockets). */
  [S.bulkEmailProgress]: BulkEmailJob;
  status: ConnectionStatus;
  /** Connected again after a connection this side did not close was lost: what was missed meanwhile is stale. */
  reconnected: true;
}

type Listener<K extends keyof HubEvents> = (value: HubEvents[K]) => void;

interface HubLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Socket payloads arrive as objects (or, from older servers, as JSON strings). */
function parsePayload(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

type CompiledValidator = (data: unknown) => boolean;

let compiled: Record<string, CompiledValidator> | null = null;

/**
 * Fetches the compiled validators of the server's events. They load with the socket (./socket.ts), which no event
 * can come from before, so they are not part of the first load of / (web/scripts/initial-js.ts).
 */
export async function loadServerEventValidators(): Promise<void> {
  compiled ??= (await import('../../generated/socket-validators')) as unknown as Record<string, CompiledValidator>;
}

/**
 * A server event's payload if it matches its proto schema (`socketContracts.server`), else null. The validators are
 * compiled ahead of time from the same schemas the server emits by (web/scripts/validators-source.ts).
 */
export function readServerEvent<E extends ServerSocketEvent>(event: E, raw: unknown): ServerSocketPayload<E> | null {
  if (!compiled) throw new Error('the server event validators are not loaded (loadServerEventValidators)');
  const validate = compiled[socketValidatorNames[event]]!;
  const payload = parsePayload(raw);
  return validate(payload) ? (payload as ServerSocketPayload<E>) : null;
}

/** How long a subscription the server could not take now waits before it is asked again (when it names no wait). */
const SUBSCRIBE_RETRY_MS = 2_000;

/** Reference-counted interest in one kind of subscription key (poll ids, or share codes), with what to send. */
class Interest {
  readonly counts = new Map<string, number>();
  readonly toSubscribe = new Set<string>();
  readonly toUnsubscribe = new Set<string>();

  constructor(readonly field: 'pollIds' | 'codes') {}

  add(keys: readonly string[]): void {
    for (const key of keys) {
      const n = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, n);
      if (n === 1) {
        this.toUnsubscribe.delete(key);
        this.toSubscribe.add(key);
      }
    }
  }

  release(keys: readonly string[]): void {
    for (const key of keys) {
      const n = (this.counts.get(key) ?? 0) - 1;
      if (n > 0) this.counts.set(key, n);
      else {
        this.counts.delete(key);
        if (!this.toSubscribe.delete(key)) this.toUnsubscribe.add(key);
      }
    }
  }

  /** A new connection follows nothing yet: everything wanted again. */
  resubscribeAll(): void {
    this.toUnsubscribe.clear();
    for (const key of this.counts.keys()) this.toSubscribe.add(key);
  }

  take(pending: Set<string>): string[] {
    const keys = [...pending];
    pending.clear();
    return keys;
  }
}

/**
 * The one realtime connection of a store: socket.io at /ws through the gateway.
 *
 * - The handshake carries the session cookie, so the server knows a member's socket (notifications, unread count)
 *   from a visitor's. After sign-in or sign-out `renew()` opens a fresh handshake with the new identity.
 * - Anyone's socket may follow the polls on screen: `follow(ids)` (and `followCode(code)` for a share-link poll,
 *   which the server lets others follow only by its code) is reference-counted and batched into
 *   `subscribe_polls` / `unsubscribe_polls`; after a reconnect everything followed is subscribed again.
 * - socket.io reconnects by itself with exponential backoff (from 3 s, the spec's delay, up to 30 s); a server that
 *   closed the socket on purpose is retried the same way.
 * - Cache entries listen with `on(...)` inside `onCacheEntryAdded`; the connection status goes to `onStatus`
 *   (the store's realtime slice).
 */
export class RealtimeHub {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<keyof HubEvents, Set<Listener<never>>>();
  private readonly polls = new Interest('pollIds');
  private readonly codes = new Interest('codes');
  private flushQueued = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private userId: string | null = null;
  /** The connection dropped without this side asking (network, server); cleared by the next connect. */
  private lost = false;
  status: ConnectionStatus = 'disconnected';

  constructor(
    private readonly createSocket: SocketFactory | null,
    private readonly log: HubLog = console,
  ) {}

  /** Opens the socket if it is not open yet (idempotent). A hub without a factory never connects. */
  connect(): void {
    if (this.socket || !this.createSocket) return;
    const socket = this.createSocket();
    this.socket = socket;
    this.wire(socket);
    this.setStatus('connecting');
    socket.connect();
  }

  /** A new handshake, so the server sees the current session (after sign-in, sign-out or another account). */
  renew(userId: string | null): void {
    this.userId = userId;
    if (!this.socket) {
      if (userId) this.connect();
      return;
    }
    this.socket.disconnect();
    this.setStatus('connecting');
    this.socket.connect();
  }

  /**
   * The network is back (the browser's `online`): a connection that is down is tried now rather than after
   * socket.io's backoff, which may have grown to 30 s while offline.
   */
  wake(): void {
    const socket = this.socket;
    if (!socket || socket.connected) return;
    socket.disconnect();
    this.setStatus('connecting');
    socket.connect();
  }

  /** Who the session says this is (sent as the spec's `auth` message; the server only checks it). */
  setUser(userId: string | null): void {
    const changed = userId !== this.userId;
    this.userId = userId;
    if (userId) this.connect();
    if (changed && userId && this.socket?.connected) this.sendAuth();
  }

  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.disconnect();
    this.socket = null;
    this.setStatus('disconnected');
  }

  on<K extends keyof HubEvents>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Follows the live counts of these polls until the returned function is called. */
  follow(pollIds: readonly string[]): () => void {
    return this.track(this.polls, pollIds);
  }

  /** Follows a share-link poll's live counts by its short code until the returned function is called. */
  followCode(code: string): () => void {
    return this.track(this.codes, [code]);
  }

  /** The polls followed right now (by id). */
  followed(): string[] {
    return [...this.polls.counts.keys()];
  }

  private track(interest: Interest, keys: readonly string[]): () => void {
    const unique = [...new Set(keys.filter(Boolean))];
    interest.add(unique);
    if (unique.length) {
      this.connect();
      this.queueFlush();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      interest.release(unique);
      this.queueFlush();
    };
  }

  private emitEvent<K extends keyof HubEvents>(event: K, value: HubEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<K>)(value);
      } catch (err) {
        this.log.error('realtime listener failed', err);
      }
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.emitEvent('status', status);
  }

  private sendAuth(): void {
    if (this.userId) this.socket?.emit(C.auth, { type: 'auth', userId: this.userId });
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Sends pending (un)subscriptions in chunks the server accepts. Offline, they wait for the next connect. */
  private flush(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const chunk = notificationLimits.pollsPerRequest;
    for (const interest of [this.polls, this.codes]) {
      const unsubscribe = interest.take(interest.toUnsubscribe);
      for (let i = 0; i < unsubscribe.length; i += chunk) {
        socket.emit(C.unsubscribePolls, { [interest.field]: unsubscribe.slice(i, i + chunk) });
      }
      const subscribe = interest.take(interest.toSubscribe);
      for (let i = 0; i < subscribe.length; i += chunk) {
        const keys = subscribe.slice(i, i + chunk);
        socket.emit(C.subscribePolls, { [interest.field]: keys }, (raw: unknown) => {
          const result = readServerEvent(S.subscribeResult, raw);
          const refused = [...(result?.refused ?? []), ...(result?.refusedCodes ?? [])];
          if (refused.length) this.log.info('realtime: polls not followed', refused, result?.message ?? '');
          // Not a no but a "not now" (too many calls, or polls could not say): what was not followed is asked again.
          if (result?.error === 'rate_limited' || result?.error === 'service_unavailable') {
            const followed = new Set([...result.subscribed, ...(result.subscribedCodes ?? [])]);
            const again = keys.filter((key) => !followed.has(key));
            this.subscribeLater(interest, again, result.retryAfter ? result.retryAfter * 1000 : SUBSCRIBE_RETRY_MS);
          }
        });
      }
    }
  }

  /** Asks again, after `delayMs`, to follow those of `keys` still wanted. */
  private subscribeLater(interest: Interest, keys: readonly string[], delayMs: number): void {
    if (!keys.length) return;
    setTimeout(() => {
      const wanted = keys.filter((key) => interest.counts.has(key));
      if (!wanted.length) return;
      for (const key of wanted) interest.toSubscribe.add(key);
      this.queueFlush();
    }, delayMs);
  }

  private wire(socket: SocketLike): void {
    socket.on('connect', () => {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.setStatus('connected');
      this.sendAuth();
      this.polls.resubscribeAll();
      this.codes.resubscribeAll();
      this.flush();
      if (this.lost) {
        this.lost = false;
        this.emitEvent('reconnected', true);
      }
    });
    socket.on('disconnect', (reason: string) => {
      if (reason !== 'io client disconnect') this.lost = true;
      this.setStatus('disconnected');
      this.log.warn('realtime: disconnected', reason);
      // socket.io retries by itself except when the server closed the socket on purpose.
      if (reason === 'io server disconnect' && this.socket === socket) {
        this.log.info(`realtime: reconnecting in ${limits.notifications.reconnectDelayMs} ms`);
        this.retryTimer = setTimeout(() => socket.connect(), limits.notifications.reconnectDelayMs);
      }
    });
    socket.on('connect_error', (err: Error) => {
      this.setStatus('disconnected');
      this.log.warn('realtime: connection error', err?.message ?? err);
    });
    socket.io?.on('reconnect_attempt', (attempt: number) => {
      this.log.info(`realtime: reconnect attempt ${attempt}`);
    });
    socket.on(S.authSuccess, (raw: unknown) => {
      const payload = readServerEvent(S.authSuccess, raw);
      if (!payload) this.log.error(`realtime: ${S.authSuccess} does not match its schema`, raw);
      else this.emitEvent(S.authSuccess, payload.userId);
    });
    socket.on(S.notificationCount, (raw: unknown) => {
      const payload = readServerEvent(S.notificationCount, raw);
      if (!payload) this.log.error(`realtime: ${S.notificationCount} does not match its schema`, raw);
      else this.emitEvent(S.notificationCount, payload.count);
    });
    socket.on(S.notification, (raw: unknown) => {
      const payload = readServerEvent(S.notification, raw);
      if (!payload) this.log.error(`realtime: ${S.notification} does not match its schema`, raw);
      else this.emitEvent(S.notification, payload.data);
    });
    socket.on(S.pollUpdate, (raw: unknown) => {
      const payload = readServerEvent(S.pollUpdate, raw);
      if (!payload) this.log.error(`realtime: ${S.pollUpdate} does not match its schema`, raw);
      else this.emitEvent(S.pollUpdate, payload.data);
    });
    socket.on(S.bulkEmailProgress, (raw: unknown) => {
      const payload = readServerEvent(S.bulkEmailProgress, raw);
      if (!payload) this.log.error(`realtime: ${S.bulkEmailProgress} does not match its schema`, raw);
      else this.emitEvent(S.bulkEmailProgress, payload.data);
    });
    socket.on(S.authError, (raw: unknown) => this.log.warn('realtime: auth refused', raw));
  }
}
