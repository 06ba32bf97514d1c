import type { Model } from 'mongoose';
import type { ServiceDeps } from '@meydan/kit';
import type { NotificationsConfig } from './config.js';
import { Actors } from './store/actors.js';
import { Preferences } from './store/preferences.js';
import { NotificationStore } from './store/notifications.js';
import { notificationModel, type NotificationRecord } from './model/notification.js';
import type { Realtime } from './store/realtime.js';

/** Everything the notification routes, consumers and the socket server work with. */
export interface NotificationsContext {
  deps: ServiceDeps<NotificationsConfig>;
  config: NotificationsConfig;
  notifications: Model<NotificationRecord>;
  store: NotificationStore;
  actors: Actors;
  preferences: Preferences;
  /** Set once the socket server is attached. */
  realtime: Realtime | null;
}

export function createNotificationsContext(deps: ServiceDeps<NotificationsConfig>): NotificationsContext {
  const notifications = notificationModel(deps.mongo);
  const ctx: NotificationsContext = {
    deps,
    config: deps.config,
    notifications,
    actors: new Actors(deps.bus, deps.redis, deps.log),
    preferences: new Preferences(deps.bus, deps.redis),
    realtime: null,
    store: new NotificationStore(notifications, deps.redis, () => ctx.realtime, deps.log),
  };
  return ctx;
}
