import type { Connection, Model } from 'mongoose';
import { notificationModel, type NotificationRecord } from './notification.js';
import { openGroupModel, type OpenGroupRecord } from './open-group.js';

/** The notifications, and where each growing group's unread one is. */
export interface Models {
  notifications: Model<NotificationRecord>;
  openGroups: Model<OpenGroupRecord>;
}

export function createModels(conn: Connection): Models {
  return { notifications: notificationModel(conn), openGroups: openGroupModel(conn) };
}
