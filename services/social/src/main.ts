import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { socialConfigSchema } from './config.js';

await runService({ service: 'social', configSchema: socialConfigSchema, buildApp });
