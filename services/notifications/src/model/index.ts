import type { Connection, Model } from 'mongoose';
import { notificationModel, type NotificationRecord } from './notification.js';

/** The notifications collection. */
export interface Models {
  notifications: Model<NotificationRecord>;
}

export function createModels(conn: Connection): Models {
  return { notifications: notificationModel(conn) };
}
