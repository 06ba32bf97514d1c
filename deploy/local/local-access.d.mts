// Types for local-access.mjs (plain JS so it can run before `npm install`).
export const LOCAL_ADMIN_EMAIL: string;
export const ADMIN_PASSWORD_FILE: string;
export function gatewayHost(env?: NodeJS.ProcessEnv): string;
export function localAdmin(
  dataDir: string,
  env?: NodeJS.ProcessEnv,
): { email: string; password: string; created: boolean; file: string | null };
export function localAllowedOrigins(port: number, env?: NodeJS.ProcessEnv): string;
