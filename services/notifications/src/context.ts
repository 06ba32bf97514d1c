import { baseContext, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { notificationsConfig, type NotificationsConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { MailChannel } from './clients/mail-channel.js';
import { PushChannel } from './store/push-channel.js';
import { Actors } from './store/actors.js';
import { HiddenActors } from './clients/hidden-actors.js';
import { Preferences } from './clients/preferences.js';
import { NotificationStore } from './store/notifications.js';
import type { Realtime } from './store/realtime.js';

/** Everything the notification routes, consumers and the socket server share. */
export interface NotificationsContext extends BaseContext<NotificationsConfig> {
  models: Models;
  store: NotificationStore;
  actors: Actors;
  /** Whom each member blocked or muted, and who blocked them (their notifications are dropped). */
  hidden: HiddenActors;
  preferences: Preferences;
  /** Web Push to the members' subscribed browsers. */
  push: PushChannel;
  /** The mail members opted in to, and its unsubscribe. */
  mail: MailChannel;
  /** Set once the socket server is attached. */
  realtime: Realtime | null;
}

export function createContext(deps: ServiceDeps): NotificationsContext {
  const models = createModels(deps.mongo);
  const base = baseContext(deps, notificationsConfig);
  const ctx: NotificationsContext = {
    ...base,
    models,
    push: new PushChannel(models, base.config, deps.log),
    mail: new MailChannel(models, deps.bus, base.config),
    actors: new Actors(deps.bus, deps.redis, deps.log),
    hidden: new HiddenActors(deps.bus, deps.redis, deps.log),
    preferences: new Preferences(deps.bus, deps.redis),
    realtime: null,
    store: new NotificationStore(models, deps.redis, () => ctx.realtime, deps.log),
  };
  return ctx;
}
