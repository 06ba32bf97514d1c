import type { Logger } from '@meydan/kit';
import type { AuditAction, AuditTargetType } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { recordAudit } from '../store/panel.js';

/** The staff member acting and the request they act through: its id travels with what the action publishes and asks. */
export interface Staff {
  userId: string;
  requestId: string;
  log: Pick<Logger, 'warn'>;
}

/** Writes the staff member's action to the audit log. */
export const audit = (
  ctx: Pick<AdminContext, 'models'>,
  staff: Staff,
  action: AuditAction,
  targetType: AuditTargetType,
  targetId: string,
  reason: string | null = null,
) => recordAudit(ctx.models, { adminId: staff.userId, action, targetType, targetId, reason });
