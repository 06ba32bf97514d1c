import type { Connection, Model } from 'mongoose';
import { mailChoiceModel, type MailChoiceRecord } from './mail-choice.js';
import { notificationModel, type NotificationRecord } from './notification.js';
import { openGroupModel, type OpenGroupRecord } from './open-group.js';
import { pushSubscriptionModel, type PushSubscriptionRecord } from './push-subscription.js';

/** The notifications, where each growing group's unread one is, the members' push subscriptions and mail choices. */
export interface Models {
  notifications: Model<NotificationRecord>;
  openGroups: Model<OpenGroupRecord>;
  pushSubscriptions: Model<PushSubscriptionRecord>;
  mailChoices: Model<MailChoiceRecord>;
}

export function createModels(conn: Connection): Models {
  return {
    notifications: notificationModel(conn),
    openGroups: openGroupModel(conn),
    pushSubscriptions: pushSubscriptionModel(conn),
    mailChoices: mailChoiceModel(conn),
  };
}
