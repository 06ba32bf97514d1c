import { live } from '@meydan/proto';
import type { Bus } from '@meydan/kit';
import type { Realtime } from '../store/realtime.js';

/** Forwards the admin service's bulk e-mail progress (`live.admin.bulk-email`) to the administrator's sockets. */
export function bindBulkEmailProgress(deps: { bus: Bus; realtime: Realtime }): { close(): void } {
  const subscription = deps.bus.subscribeLive(
    live.adminBulkEmail,
    ({ jobId, adminId, total, sent, failed, state }) =>
      deps.realtime.bulkEmailProgress(adminId, { id: jobId, total, sent, failed, state }),
    { queue: 'notifications' },
  );
  return { close: () => subscription.unsubscribe() };
}
