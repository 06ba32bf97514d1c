/**
 * Load generators exempt from the gateway's rate limits (`RATE_LIMIT_ALLOWLIST`): a load test against a deployment
 * sends from a few known addresses, and those, not every client, get past the limits (README § Security).
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ENTRY = '[0-9A-Fa-f.:]+(/[0-9]{1,3})?';
/** Addresses and CIDRs, comma-separated; empty for none. */
export const ALLOWLIST_PATTERN = `^(|${ENTRY}( *, *${ENTRY})*)$`;

/** The addresses of RATE_LIMIT_ALLOWLIST, or null for none; a malformed entry stops the gateway at start. */
export function loadGenerators(value: string): BlockList | null {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!type) throw new Error(`RATE_LIMIT_ALLOWLIST: ${entry} is not an IP address or CIDR`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether a client IP (IPv4-mapped IPv6 as its IPv4) is on the list. */
export function isLoadGenerator(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return list.check(address, 'ipv4');
  return isIPv6(address) && list.check(address, 'ipv6');
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A rate-limit hook that lets the listed load generators through uncounted. */
export function exceptLoadGenerators(list: BlockList | null, hook: Hook): Hook {
  if (!list) return hook;
  return async (request, reply) => {
    if (isLoadGenerator(list, request.ip)) return;
    return hook(request, reply);
  };
}
