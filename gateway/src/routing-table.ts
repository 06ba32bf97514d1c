import type { ServiceName } from '@meydan/proto';

/**
 * Which service owns which public path. The gateway proxies `prefix` and everything below it,
 * unchanged, to the owning service. Where prefixes overlap, the more specific one wins
 * (`/api/users/:id/follow` → social before `/api/users` → auth).
 */
export const routingTable: readonly { prefix: string; service: ServiceName; websocket?: boolean }[] = [
  { prefix: '/api/register', service: 'auth' },
  { prefix: '/api/login', service: 'auth' },
  { prefix: '/api/logout', service: 'auth' },
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/tokens', service: 'auth' },
  { prefix: '/api/account', service: 'auth' },
  { prefix: '/api/profile-questions', service: 'auth' },
  { prefix: '/api/users/:id/follow', service: 'social' },
  { prefix: '/api/users/:id/follow-requests', service: 'social' },
  { prefix: '/api/follow-requests', service: 'social' },
  { prefix: '/api/users/:id/is-following', service: 'social' },
  { prefix: '/api/users/:id/followers', service: 'social' },
  { prefix: '/api/users/:id/following', service: 'social' },
  { prefix: '/api/users/:id/block', service: 'social' },
  { prefix: '/api/users/:id/mute', service: 'social' },
  { prefix: '/api/users/:id/blocks', service: 'social' },
  { prefix: '/api/users/:id/mutes', service: 'social' },
  { prefix: '/api/users/:id/polls', service: 'polls' },
  { prefix: '/api/users/:id/votes', service: 'polls' },
  { prefix: '/api/users/:id/report', service: 'social' },
  { prefix: '/api/users', service: 'auth' },
  { prefix: '/api/polls', service: 'polls' },
  { prefix: '/api/option-images', service: 'polls' },
  { prefix: '/api/comments', service: 'polls' },
  { prefix: '/api/s', service: 'polls' },
  { prefix: '/api/oembed', service: 'polls' },
  { prefix: '/api/search', service: 'polls' },
  { prefix: '/api/tags', service: 'polls' },
  { prefix: '/api/notifications', service: 'notifications' },
  { prefix: '/api/push', service: 'notifications' },
  { prefix: '/api/contact', service: 'contact' },
  { prefix: '/api/newsletter', service: 'contact' },
  { prefix: '/api/admin', service: 'admin' },
  { prefix: '/ws', service: 'notifications', websocket: true },
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParameter = (segment: string) => segment.startsWith(':') || /^\{.+\}$/.test(segment);

/**
 * The service the gateway sends a path to (`/api/users/{id}/follow` → social), or null. A `:param` segment of a prefix
 * matches any one segment; among matching prefixes the longest wins, as the router's most specific route does.
 */
export function serviceForPath(path: string): ServiceName | null {
  const segments = segmentsOf(path);
  let best: { service: ServiceName; length: number } | null = null;
  for (const route of routingTable) {
    if (route.websocket) continue;
    const prefix = segmentsOf(route.prefix);
    if (prefix.length > segments.length) continue;
    const matches = prefix.every((p, i) => (isParameter(p) ? segments[i] !== undefined : p === segments[i]));
    if (matches && (!best || prefix.length > best.length)) best = { service: route.service, length: prefix.length };
  }
  return best?.service ?? null;
}
