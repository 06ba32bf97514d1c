import { createIndexes, createServiceApp, type ServiceDeps } from '@meydan/kit';
import { createContext } from './context.js';
import { bindNotificationConsumers } from './nats/consumers.js';
import { bindBulkEmailProgress } from './nats/bulk-email-progress.js';
import { bindMemberData } from './nats/member-data.js';
import { relayLiveCounts } from './nats/live-counts-relay.js';
import { bindMailer } from './nats/mailer.js';
import { bindPollResults } from './nats/poll-results.js';
import { attachRealtime } from './realtime/server.js';
import { notificationRoutes } from './routes/notifications.js';
import { pushRoutes } from './routes/push.js';

export interface NotificationsOptions {
  /**
   * Whether this instance consumes events (notifications, mail) and live counts. Default true. An instance without
   * them only serves sockets and the REST routes; what others handle reaches its sockets through the Redis adapter.
   */
  consumers?: boolean;
}

/**
 * The notifications service: the notification store and its routes, the consumers that turn events into Turkish
 * notifications, Web Push and opted-in mail, the mailer, and socket.io at /ws (what tests import).
 */
export async function buildApp(deps: ServiceDeps, options: NotificationsOptions = {}) {
  const ctx = createContext(deps);
  const { config } = ctx;
  if (!config.SMTP_URL) throw new Error('notifications: missing required environment variable SMTP_URL');
  const app = await createServiceApp('notifications', deps);
  await createIndexes(ctx.models);
  await ctx.store.openGroups.adoptEarlierOnes();

  const realtime = await attachRealtime({
    server: app.server,
    redisUrl: config.REDIS_URL,
    secret: config.INTERNAL_SECRET,
    bus: deps.bus,
    log: deps.log,
    unreadCount: (userId) => ctx.store.unreadCount(userId),
  });
  ctx.realtime = realtime;

  const closers: { close(): void }[] = [];
  if (options.consumers !== false) {
    await bindNotificationConsumers(ctx);
    await bindPollResults(ctx);
    await bindMemberData(ctx);
    closers.push(await bindMailer(ctx));
    closers.push(relayLiveCounts({ bus: deps.bus, redis: deps.redis, log: deps.log, realtime }));
    closers.push(bindBulkEmailProgress({ bus: deps.bus, realtime }));
  }

  // Sockets go before the HTTP server closes (open websockets would keep it from closing).
  app.addHook('preClose', async () => {
    for (const closer of closers) closer.close();
    ctx.store.close();
    await realtime.close();
  });

  await app.register(notificationRoutes, { ctx });
  await app.register(pushRoutes, { ctx });
  return app;
}
