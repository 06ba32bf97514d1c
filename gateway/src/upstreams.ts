/**
 * The replicas of one service behind the gateway (`POLLS_URL=http://a:4002,http://b:4102`): each request goes to the
 * next one in turn; one that refused a connection is passed over for a while, so a dead replica costs the requests
 * that were already on their way to it and no more. With one URL this is a plain fixed upstream.
 */
const PASS_OVER_MS = 2_000;

export class Upstreams {
  private next = 0;
  private readonly downUntil = new Map<string, number>();

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
      if ((this.downUntil.get(url) ?? 0) <= now) {
        this.next = (this.next + i + 1) % this.urls.length;
        return url;
      }
    }
    const url = this.urls[this.next % this.urls.length]!;
    this.next = (this.next + 1) % this.urls.length;
    return url;
  }

  /** A replica refused a connection: pass it over for a while. */
  markDown(url: string, now = Date.now()): void {
    if (this.urls.length > 1) this.downUntil.set(url, now + PASS_OVER_MS);
  }
}
