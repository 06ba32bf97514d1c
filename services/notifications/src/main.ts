import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { notificationsConfigSchema, type NotificationsConfig } from './config.js';

await runService<NotificationsConfig>({ service: 'notifications', configSchema: notificationsConfigSchema, buildApp });
