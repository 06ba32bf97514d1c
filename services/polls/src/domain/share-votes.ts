/**
 * Who may vote through a share link, by the poll's `shareVoteMode` (proto's `shareVoteModes`):
 * - browser (default): a visitor votes once per visitor cookie, and at most `perIp` visitor votes from one IP network
 *   are counted on the poll (a household or small office behind one NAT); a member votes once, not counted per IP.
 * - ip: one vote per IP network on the poll, members included.
 * - members: members only; a visitor is refused.
 * An IP network is an IPv4 address or an IPv6 /64 (what one client can hold).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { defaultShareVoteMode, type ShareVoteMode } from '@meydan/proto';
import { hmacSign } from '@meydan/kit';

export type ShareVoteRule =
  | { allowed: false }
  /** `perIp`: how many votes one IP network may have counted on the poll (null: not counted per IP). */
  | { allowed: true; perIp: number | null };

export function shareVoteRule(mode: ShareVoteMode | null | undefined, isMember: boolean, browsersPerIp: number): ShareVoteRule {
  switch (mode ?? defaultShareVoteMode) {
    case 'members':
      return isMember ? { allowed: true, perIp: null } : { allowed: false };
    case 'ip':
      return { allowed: true, perIp: 1 };
    case 'browser':
    default:
      return { allowed: true, perIp: isMember ? null : browsersPerIp };
  }
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === null ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The network one client holds: an IPv4 address as is (also when mapped into IPv6), an IPv6 address's /64. */
export function ipNetwork(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The field an IP network is counted under: keyed with the service's secret, so Redis holds no readable address. */
export const ipField = (secret: string, ip: string): string => hmacSign(secret, `share-vote-ip:${ipNetwork(ip)}`, 22);
