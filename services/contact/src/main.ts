import { runService, serviceConfigSchema } from '@meydan/kit';
import { buildApp } from './app.js';

await runService({ service: 'contact', configSchema: serviceConfigSchema({}), buildApp });
