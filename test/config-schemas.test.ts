/**
 * Every process's configuration schema is one JSON Schema's meta-schema accepts. The processes read their environment
 * with an ajv instance that skips this check (kit/config.ts: compiling the meta-schema cost start-up CPU in every
 * process), so it is made here, once, for the gateway's schema and each service's.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from '../gateway/src/config.js';
import { adminConfigSchema } from '../services/admin/src/config.js';
import { authConfigSchema } from '../services/auth/src/config.js';
import { contactConfigSchema } from '../services/contact/src/config.js';
import { baseConfigSchema } from '../services/kit/src/config.js';
import { notificationsConfigSchema } from '../services/notifications/src/config.js';
import { pollsConfigSchema } from '../services/polls/src/config.js';
import { socialConfigSchema } from '../services/social/src/config.js';

const schemas = {
  base: baseConfigSchema,
  gateway: gatewayConfigSchema,
  auth: authConfigSchema,
  polls: pollsConfigSchema,
  social: socialConfigSchema,
  notifications: notificationsConfigSchema,
  contact: contactConfigSchema,
  admin: adminConfigSchema,
};

describe('the configuration schemas', () => {
  const ajv = new Ajv({ strict: false });

  it.each(Object.entries(schemas))('%s: accepted by the meta-schema', (_name, schema) => {
    expect(ajv.validateSchema(schema), ajv.errorsText()).toBe(true);
  });

  it('would show a broken one', () => {
    expect(ajv.validateSchema({ type: 'object', properties: { PORT: { type: 'sayı' } } })).toBe(false);
  });
});
