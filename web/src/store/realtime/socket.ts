import { limits } from '@meydan/proto';
import { loadServerEventValidators, type SocketFactory, type SocketLike } from './hub';

type Listener = (...args: never[]) => void;

/**
 * A SocketLike that fetches its real socket when first asked to connect, replaying what was asked of it until then:
 * the listeners first, then the calls in order. socket.io-client is then not part of the first load of /
 * (web/scripts/initial-js.ts): the page renders first and the live connection follows. A failed fetch (offline, or a
 * new release replaced the chunk) is reported to the `connect_error` listeners and tried again after `retryDelayMs`
 * while a connection is still wanted, as socket.io itself would retry.
 */
export class DeferredSocket implements SocketLike {
  private real: SocketLike | null = null;
  private loading = false;
  private wanted = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners: [event: string, handler: Listener][] = [];
  private readonly managerListeners: [event: string, handler: Listener][] = [];
  private calls: ((socket: SocketLike) => unknown)[] = [];

  constructor(
    private readonly load: () => Promise<SocketLike>,
    private readonly retryDelayMs: number = limits.notifications.reconnectDelayMs,
  ) {}

  get connected(): boolean {
    return this.real?.connected ?? false;
  }

  readonly io = {
    on: (event: string, handler: Listener): unknown => {
      if (this.real) return this.real.io?.on(event, handler);
      this.managerListeners.push([event, handler]);
      return this;
    },
  };

  on(event: string, handler: Listener): unknown {
    if (this.real) return this.real.on(event, handler);
    this.listeners.push([event, handler]);
    return this;
  }

  emit(event: string, ...args: unknown[]): unknown {
    return this.call((socket) => socket.emit(event, ...args));
  }

  connect(): unknown {
    this.wanted = true;
    this.call((socket) => socket.connect());
    this.fetch();
    return this;
  }

  disconnect(): unknown {
    this.wanted = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    return this.call((socket) => socket.disconnect());
  }

  private call(action: (socket: SocketLike) => unknown): unknown {
    if (this.real) return action(this.real);
    this.calls.push(action);
    return this;
  }

  private fetch(): void {
    if (this.real || this.loading || this.retryTimer) return;
    this.loading = true;
    this.load().then(
      (socket) => {
        this.real = socket;
        for (const [event, handler] of this.listeners) socket.on(event, handler);
        for (const [event, handler] of this.managerListeners) socket.io?.on(event, handler);
        const calls = this.calls;
        this.calls = [];
        for (const action of calls) action(socket);
      },
      (err: unknown) => {
        this.loading = false;
        const error = err instanceof Error ? err : new Error(String(err));
        for (const [event, handler] of this.listeners) {
          if (event === 'connect_error') (handler as unknown as (e: Error) => void)(error);
        }
        if (!this.wanted) return;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          if (this.wanted) this.fetch();
        }, this.retryDelayMs);
      },
    );
  }
}

/** The app's realtime socket: socket.io at /ws (./socketio.ts), fetched with the event validators on the first connect. */
export const browserSocket: SocketFactory = () =>
  new DeferredSocket(async () => {
    const [socketio] = await Promise.all([import('./socketio'), loadServerEventValidators()]);
    return socketio.createBrowserSocket();
  });
