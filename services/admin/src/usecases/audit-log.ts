import { adminPageSize, type AuditQuery } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { auditPage } from '../store/panel.js';
import { auditItems } from '../views/panel.js';

/**
 * One page of the staff's audit log, filtered by actor, action and time; 'empty_range' when `from` is not before
 * `to`. Read only: the log has no action that changes or deletes an entry, and its store refuses both.
 */
export async function readAuditLog(ctx: Pick<AdminContext, 'models'>, query: AuditQuery) {
  const page = query.page ?? 1;
  const { actor, action, from, to } = query;
  if (from && to && Date.parse(from) >= Date.parse(to)) return 'empty_range';
  const { entries, admins, totalCount } = await auditPage(ctx.models, page, { actor, action, from, to });
  return { items: auditItems(entries, admins as never), totalCount, page, pageSize: adminPageSize };
}
