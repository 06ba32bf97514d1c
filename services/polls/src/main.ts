import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { pollsConfigSchema } from './config.js';

await runService({ service: 'polls', configSchema: pollsConfigSchema, buildApp });
