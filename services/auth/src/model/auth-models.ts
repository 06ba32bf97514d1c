import type { Model } from 'mongoose';
import type { ActivationRecord } from './activation.js';
import type { ApiTokenRecord } from './api-token.js';
import type { PasswordResetRecord } from './password-reset.js';
import type { UserRecord } from './user.js';

/** The auth collections; the context holds them, so it is passed wherever a store asks for some of them. */
export interface AuthModels {
  users: Model<UserRecord>;
  activations: Model<ActivationRecord>;
  apiTokens: Model<ApiTokenRecord>;
  passwordResets: Model<PasswordResetRecord>;
}
