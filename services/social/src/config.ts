import { serviceConfigSchema } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The social service's environment: the kit's base variables, nothing of its own. */
export const socialConfigSchema = serviceConfigSchema({});

export type SocialConfig = FromSchema<typeof socialConfigSchema>;
