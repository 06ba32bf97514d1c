import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network one client holds, what every per-IP count is kept by (the gateway's rate limits, auth's failed
 * passwords, polls' share-link votes): an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6
 * address by its /64 — one subscriber's line gets a whole /64, so keying the full address would give one client 2^64
 * budgets. `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`. Anything else is returned as it is.
 */
export function ipNetwork(ip: string): string {
  const address = ip.split('%', 1)[0]!;
  if (!isIPv6(address)) return ip;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const mapped = `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
    if (isIPv4(mapped)) return mapped;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (rest === undefined) return left;
  const right = parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
