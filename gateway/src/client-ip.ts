import { ipNetwork } from '@meydan/kit';

/**
 * What one client is for the per-IP limits: the kit's `ipNetwork`, an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64. `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`.
 */
export const clientKey = ipNetwork;
