/** What auth asks the notifications service (`notifications.*` over NATS). */
import { subjects } from '@meydan/proto';
import type { Bus } from '@meydan/kit';

type Asks = { bus: Bus };

/** The member's notifications, for the data export. */
export function notificationsExportOf(ctx: Asks, userId: string, requestId: string, timeoutMs: number) {
  return ctx.bus.request(subjects.notifications.userExport, { userId }, { requestId }, timeoutMs);
}
