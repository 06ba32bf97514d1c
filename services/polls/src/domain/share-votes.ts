/**
 * Who may vote through a share link, by the poll's `shareVoteMode` (proto's `shareVoteModes`):
 * - browser (default): a visitor votes once per visitor cookie, and at most `perIp` visitor votes from one IP network
 *   are counted on the poll (a household or small office behind one NAT); a member votes once, not counted per IP.
 * - ip: one vote per IP network on the poll, members included.
 * - members: members only; a visitor is refused.
 * An IP network is an IPv4 address or an IPv6 /64 (what one client can hold).
 */
import { defaultShareVoteMode, type ShareVoteMode } from '@meydan/proto';
import { hmacSign, ipNetwork } from '@meydan/kit';
import type { PollDoc } from '../model/index.js';

/** The share-link vote rule of a poll document (share-link polls made before the rule existed have the default). */
export const shareVoteModeOf = (doc: Pick<PollDoc, 'isShareable' | 'shareVoteMode'>): ShareVoteMode | null =>
  doc.isShareable ? ((doc.shareVoteMode as ShareVoteMode | null | undefined) ?? defaultShareVoteMode) : null;

export type ShareVoteRule =
  | { allowed: false }
  /** `perIp`: how many votes one IP network may have counted on the poll (null: not counted per IP). */
  | { allowed: true; perIp: number | null };

export function shareVoteRule(
  mode: ShareVoteMode | null | undefined,
  isMember: boolean,
  browsersPerIp: number,
): ShareVoteRule {
  switch (mode ?? defaultShareVoteMode) {
    case 'members':
      return isMember ? { allowed: true, perIp: null } : { allowed: false };
    case 'ip':
      return { allowed: true, perIp: 1 };
    default: // 'browser'
      return { allowed: true, perIp: isMember ? null : browsersPerIp };
  }
}

/** The network one client holds: an IPv4 address as is (also when mapped into IPv6), an IPv6 address's /64. */
export { ipNetwork };

/** The field an IP network is counted under: keyed with the service's secret, so Redis holds no readable address. */
export const ipField = (secret: string, ip: string): string => hmacSign(secret, `share-vote-ip:${ipNetwork(ip)}`, 22);
