import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { adminConfigSchema } from './config.js';

await runService({ service: 'admin', configSchema: adminConfigSchema, buildApp });
