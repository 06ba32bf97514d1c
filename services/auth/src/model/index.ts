import type { Connection, Model } from 'mongoose';
import { activationModel, type ActivationRecord } from './activation.js';
import { apiTokenModel, type ApiTokenRecord } from './api-token.js';
import { passwordResetModel, type PasswordResetRecord } from './password-reset.js';
import { userModel, type UserRecord } from './user.js';

/** The auth collections; a store function asks for the ones it uses. */
export interface Models {
  users: Model<UserRecord>;
  activations: Model<ActivationRecord>;
  apiTokens: Model<ApiTokenRecord>;
  passwordResets: Model<PasswordResetRecord>;
}

export function createModels(conn: Connection): Models {
  return {
    users: userModel(conn),
    activations: activationModel(conn),
    apiTokens: apiTokenModel(conn),
    passwordResets: passwordResetModel(conn),
  };
}
