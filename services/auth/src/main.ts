import { runService } from '@meydan/kit';
import { buildApp } from './app.js';
import { authConfigSchema, type AuthConfig } from './config.js';

await runService<AuthConfig>({ service: 'auth', configSchema: authConfigSchema, buildApp });
