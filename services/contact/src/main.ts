import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { contactConfigSchema } from './config.js';

await runService({ service: 'contact', configSchema: contactConfigSchema, buildApp });
