/**
 * API paths that the gateway's rate-limit classes, the services' routes and the web app all name: one spelling,
 * so a renamed route cannot slip out from under its limit. Parameters are written `:name`, as Fastify reads them.
 */
export const apiPaths = {
  login: '/api/login',
  register: '/api/register',
  pollCreate: '/api/polls',
  pollCreateShareable: '/api/polls/shareable',
  pollCreateQuick: '/api/polls/quick',
  optionImages: '/api/option-images',
  pollVote: '/api/polls/:id/vote',
  shareVote: '/api/s/:shortUrl/vote',
  contact: '/api/contact',
  newsletterSubscribe: '/api/newsletter/subscribe',
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** Every route that makes a poll: they share one creation quota at the gateway, whichever a member uses. */
export const pollCreatingPaths = [apiPaths.pollCreate, apiPaths.pollCreateShareable, apiPaths.pollCreateQuick] as const;

/**
 * In `/api/users/:id` and `/api/users/:id/polls`, the signed-in member (a visitor gets 401). No username can be it
 * (usernames have at least 3 characters), and it lets the own profile be asked for together with the session.
 */
export const OWN_USER_KEY = 'me';

const API_BASE = '/api';

/**
 * The path as the web app's endpoints name it (relative to its `/api` base), each `:param` filled in and escaped:
 * `apiUrl(apiPaths.pollVote, { id })` is `/polls/<id>/vote`.
 */
export function apiUrl(path: ApiPath, params: Record<string, string> = {}): string {
  return path.slice(API_BASE.length).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiUrl: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** Matches the path as the gateway sees a request: case-insensitive, one segment per `:param`, one trailing slash allowed. */
export function apiPathPattern(path: ApiPath): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return new RegExp(`^${segments.join('\\/')}\\/?$`, 'i');
}
