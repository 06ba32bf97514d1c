import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The social service's environment: the kit's base variables, nothing of its own. */
export const socialConfigSchema = serviceConfigSchema({});

export type SocialConfig = FromSchema<typeof socialConfigSchema>;

/** The config with the social defaults filled in (tests build the app from a base config). */
export function socialConfig(config: BaseConfig): SocialConfig {
  return withDefaults<SocialConfig>(socialConfigSchema, config);
}
