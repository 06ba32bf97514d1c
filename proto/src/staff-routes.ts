import type { StaffRole } from './schemas/common.js';

/**
 * Which role each staff route (`/api/admin/*`) needs, stated once for the gateway (which refuses first) and the
 * services behind it (which check again). A moderator handles reports, hides or removes content and suspends members;
 * an administrator does all of that and manages the staff, sends bulk mail, exports, reads contact messages and the
 * audit log. A path no line names needs an administrator: a route added without a line here fails closed.
 */
export const staffRouteRoles: readonly { method: string; path: RegExp; role: StaffRole }[] = [
  { method: 'GET', path: /^\/api\/admin\/stats(\/daily)?$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/users$/, role: 'moderator' },
  { method: 'POST', path: /^\/api\/admin\/users\/[^/]+\/(ban|activate)$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/polls$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/polls\/[^/]+\/edits$/, role: 'moderator' },
  { method: 'DELETE', path: /^\/api\/admin\/polls\/[^/]+$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/reports$/, role: 'moderator' },
  { method: 'PATCH', path: /^\/api\/admin\/reports\/[^/]+$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/report-queue$/, role: 'moderator' },
  { method: 'POST', path: /^\/api\/admin\/reports\/[^/]+\/remove-comment$/, role: 'moderator' },
  { method: 'POST', path: /^\/api\/admin\/held\/[^/]+\/[^/]+\/(approve|remove)$/, role: 'moderator' },
  { method: 'GET', path: /^\/api\/admin\/openapi\.json$/, role: 'moderator' },
  { method: 'PATCH', path: /^\/api\/admin\/users\/[^/]+\/role$/, role: 'admin' },
  { method: 'POST', path: /^\/api\/admin\/staff\/invitations$/, role: 'admin' },
  { method: '*', path: /^\/api\/admin\/bulk-email(\/.*)?$/, role: 'admin' },
  { method: '*', path: /^\/api\/admin\/[^/]+\.(csv|xlsx)$/, role: 'admin' },
  { method: '*', path: /^\/api\/admin\/messages(\/.*)?$/, role: 'admin' },
  { method: '*', path: /^\/api\/admin\/audit(\/.*)?$/, role: 'admin' },
  { method: '*', path: /^\/api\/admin\/load-members(\/.*)?$/, role: 'admin' },
];

/** The role a staff route needs (its path without the query); `admin` for any route the table does not name. */
export function staffRoleFor(method: string, path: string): StaffRole {
  const bare = path.split('?', 1)[0]!.replace(/\/+$/, '');
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const line = staffRouteRoles.find((r) => (r.method === '*' || r.method === upper) && r.path.test(bare));
  return line?.role ?? 'admin';
}

/** Whether a role may call a route that needs `needed`. */
export const roleMay = (role: string | null | undefined, needed: StaffRole): boolean =>
  role === 'admin' || (role === 'moderator' && needed === 'moderator');
