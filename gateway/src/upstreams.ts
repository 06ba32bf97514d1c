/**
 * The replicas of one service behind the gateway (`POLLS_URL=http://a:4002,http://b:4102`): each request goes to the
 * next one in turn. One that refused a connection (or cut one off) is passed over until it accepts connections again
 * — a probe tries every half second, and at least PASS_OVER_MS — so a dead replica costs the requests that were
 * already on their way to it and no more; a GET or HEAD that met it goes to another replica instead (see
 * `mayTryAnother`). With one URL this is a plain fixed upstream.
 */
import { connect } from 'node:net';
import { readsOnly } from './paths.js';

const PASS_OVER_MS = 2_000;
const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1_000;

/** How a request to a replica failed: `refused` never reached it; `cut` reached it and may have been acted on. */
export type UpstreamFailure = 'refused' | 'cut';

export function upstreamFailureOf(error: unknown): UpstreamFailure | null {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const text = [error, cause].map((e) => `${(e as { code?: string } | null)?.code ?? ''} ${String(e)}`).join(' ');
  if (/ECONNREFUSED/.test(text)) return 'refused';
  if (/ECONNRESET|UND_ERR_SOCKET|EPIPE|other side closed/.test(text)) return 'cut';
  return null;
}

/**
 * Whether a request that failed on one replica may be sent to another: only a GET or HEAD, which changes nothing
 * however often it is repeated and has no body the proxy may already have streamed away.
 */
export function mayTryAnother(method: string, failure: UpstreamFailure | null): boolean {
  return failure !== null && readsOnly(method);
}

export class Upstreams {
  private next = 0;
  private readonly downUntil = new Map<string, number>();
  private readonly probing = new Set<string>();

  constructor(readonly urls: readonly string[]) {
    if (urls.length === 0) throw new Error('no upstream URL');
  }

  static parse(value: string): Upstreams {
    return new Upstreams(
      value
        .split(',')
        .map((u) => u.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    );
  }

  /** The replica for the next request: the next in turn that is not passed over (all are, then the next anyway). */
  pick(now = Date.now()): string {
    for (let i = 0; i < this.urls.length; i++) {
      const url = this.urls[(this.next + i) % this.urls.length]!;
      if (this.isUp(url, now)) {
        this.next = (this.next + i + 1) % this.urls.length;
        return url;
      }
    }
    const url = this.urls[this.next % this.urls.length]!;
    this.next = (this.next + 1) % this.urls.length;
    return url;
  }

  isUp(url: string, now = Date.now()): boolean {
    return (this.downUntil.get(url) ?? 0) <= now && !this.probing.has(url);
  }

  /** A replica refused or cut a connection: pass it over for PASS_OVER_MS, and after that until it accepts again. */
  markDown(url: string, now = Date.now()): void {
    if (this.urls.length < 2) return;
    this.downUntil.set(url, now + PASS_OVER_MS);
    if (this.probing.has(url)) return;
    this.probing.add(url);
    const probe = () =>
      void accepts(url).then((up) => {
        if (up) this.probing.delete(url);
        else setTimeout(probe, PROBE_EVERY_MS).unref();
      });
    setTimeout(probe, PROBE_EVERY_MS).unref();
  }
}

/** Whether the replica's port accepts a TCP connection (the process is back and listening). */
function accepts(url: string): Promise<boolean> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || (protocol === 'https:' ? 443 : 80)),
    });
    socket.unref();
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
