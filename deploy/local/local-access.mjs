// Who can reach `npm start`'s stack and as whom: the gateway listens on this machine only, and the administrator's
// password is one made for this machine, not a word printed in the README.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_ADMIN_EMAIL = 'admin@meydan.local';
/** Where the local administrator's password is kept, under the stack's data directory. */
export const ADMIN_PASSWORD_FILE = 'admin-password';

/** Where the gateway listens: 127.0.0.1, unless `HOST` says otherwise (`HOST=0.0.0.0` to show it on the network). */
export function gatewayHost(env = process.env) {
  return env.HOST || '127.0.0.1';
}

/**
 * The administrator `npm start` makes: `ADMIN_EMAIL`/`ADMIN_PASSWORD` when given (an explicit password always wins),
 * else a random password made on the first start and kept in `<dataDir>/admin-password` (readable by its owner only).
 * `created` is true on the start that made it: the one start that prints it.
 * @param {string} dataDir
 * @returns {{ email: string, password: string, created: boolean, file: string | null }}
 */
export function localAdmin(dataDir, env = process.env) {
  const email = env.ADMIN_EMAIL || LOCAL_ADMIN_EMAIL;
  if (env.ADMIN_PASSWORD) return { email, password: env.ADMIN_PASSWORD, created: false, file: null };
  const file = join(dataDir, ADMIN_PASSWORD_FILE);
  let created = false;
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 18 random bytes: 24 characters of base64url, nothing a reader of any README could guess.
    writeFileSync(file, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  }
  return { email, password: readFileSync(file, 'utf8').trim(), created, file };
}

/**
 * The origins the gateway takes state-changing requests from besides PUBLIC_ORIGIN: with the default
 * `http://localhost:<port>`, the same site by its loopback addresses too (`http://127.0.0.1:<port>`,
 * `http://[::1]:<port>`), which no other site's page can carry as its Origin. `ALLOWED_ORIGINS` when given.
 * @param {number} port
 */
export function localAllowedOrigins(port, env = process.env) {
  if (env.ALLOWED_ORIGINS !== undefined) return env.ALLOWED_ORIGINS;
  if (env.PUBLIC_ORIGIN) return '';
  return [`http://127.0.0.1:${port}`, `http://[::1]:${port}`].join(',');
}
