// `npm run k6:members -- --count N [--out members.csv]`: N throw-away members for a load test, made through the API
// of any deployment (no database access): signs in as an administrator (password, then the authenticator's code),
// asks POST /api/admin/load-members (auth must run with LOAD_TEST_MEMBERS=on) and writes the CSV deploy/k6/mixed.js
// reads as MEMBERS_CSV (one `token` column: personal API tokens). Prints the batch's name.
// `npm run k6:members -- --remove <batch>`: removes that batch (DELETE /api/admin/load-members/<batch>).
//
// Env: BASE_URL (the gateway, required), ADMIN_EMAIL, ADMIN_PASSWORD, and the second factor: ADMIN_TOTP (the
// authenticator's current 6-digit code), or ADMIN_TOTP_SECRET (its base32 secret: the code is computed here, for
// automation), or ADMIN_RECOVERY_CODE (one of the recovery codes; each works once). A code is good once, and only this
// step's and the next are taken: for several commands within a minute, sign in once and pass the verified session's
// cookie value as ADMIN_SID instead (it is then left signed in).
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/**
 * The TOTP code (RFC 6238: SHA-1, 6 digits, 30 s) of a base32 secret at a moment, as an authenticator app makes it.
 * @param {string} secretBase32
 */
export function totpCode(secretBase32, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secretBase32.toUpperCase().replace(/[=\s]/g, '')) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error('ADMIN_TOTP_SECRET is not base32');
    bits += v.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = /** @type {number} */ (mac[mac.length - 1]) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const sidOf = (/** @type {Response} */ res) => /(?:^|,\s*)sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

/**
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ sid?: string, body?: unknown, accept?: string }} [options]
 */
async function call(base, method, path, { sid, body, accept } = {}) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(sid ? { cookie: `sid=${sid}` } : {}),
      ...(accept ? { accept } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

const failed = async (/** @type {string} */ what, /** @type {Response} */ res) =>
  new Error(`${what}: ${res.status} ${await res.text()}`);

/**
 * An administrator's sign-in (adminFromEnv): a password and a second factor, or a verified session's `sid`.
 * @typedef {{ email?: string, password?: string, totp?: string, totpSecret?: string, recoveryCode?: string, sid?: string }} AdminCredentials
 */
/**
 * An administrator's verified session: the password, then the second factor (a code, a secret's codes, a recovery code).
 * @param {string} base
 * @param {AdminCredentials} credentials
 * @returns {Promise<string | undefined>}
 */
export async function signInAdmin(base, { email, password, totp, totpSecret, recoveryCode, sid }) {
  if (sid) return sid;
  if (!email || !password) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are required');
  if (!totp && !totpSecret && !recoveryCode)
    throw new Error('the second factor is required: ADMIN_TOTP, ADMIN_TOTP_SECRET or ADMIN_RECOVERY_CODE');
  const login = await call(base, 'POST', '/api/login', { body: { email, password } });
  if (login.status !== 200 || !sidOf(login)) throw await failed('signing in', login);
  const first = sidOf(login);
  // A code of this time step may have been used already (a code is good once): the next step's is taken too.
  const attempts = totpSecret
    ? [{ code: totpCode(totpSecret) }, { code: totpCode(totpSecret, Date.now() + 30_000) }]
    : totp
      ? [{ code: String(totp).trim() }]
      : [{ recoveryCode }];
  for (const [i, attempt] of attempts.entries()) {
    const verified = await call(base, 'POST', '/api/auth/totp/verify', { sid: first, body: attempt });
    if (verified.status === 200 && sidOf(verified)) return sidOf(verified);
    if (verified.status !== 400 || i === attempts.length - 1) throw await failed('the second factor', verified);
  }
  throw new Error('unreachable');
}

/**
 * The administrator's credentials from the environment (ADMIN_*).
 * @param {NodeJS.ProcessEnv} env
 * @returns {AdminCredentials}
 */
export const adminFromEnv = (env) => ({
  email: env.ADMIN_EMAIL,
  password: env.ADMIN_PASSWORD,
  totp: env.ADMIN_TOTP,
  totpSecret: env.ADMIN_TOTP_SECRET,
  recoveryCode: env.ADMIN_RECOVERY_CODE,
  sid: env.ADMIN_SID,
});

/**
 * Mints `count` members (1–1000 a batch; more are made in several batches): their batches and tokens.
 * @param {string} base
 * @param {string | undefined} sid
 * @param {number} count
 */
export async function mintMembers(base, sid, count) {
  /** @type {string[]} */
  const batches = [];
  /** @type {string[]} */
  const tokens = [];
  for (let left = count; left > 0; left -= 1000) {
    const res = await call(base, 'POST', '/api/admin/load-members', { sid, body: { count: Math.min(left, 1000) } });
    if (res.status !== 201) throw await failed('minting members', res);
    const made = await res.json();
    batches.push(made.batch);
    tokens.push(...made.tokens);
  }
  return { batches, tokens };
}

/**
 * Removes a batch: how many members it held.
 * @param {string} base
 * @param {string | undefined} sid
 * @param {string} batch
 * @returns {Promise<number>}
 */
export async function removeMembers(base, sid, batch) {
  const res = await call(base, 'DELETE', `/api/admin/load-members/${encodeURIComponent(batch)}`, { sid });
  if (res.status !== 200) throw await failed(`removing batch ${batch}`, res);
  return (await res.json()).removed;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      out: { type: 'string', default: 'members.csv' },
      remove: { type: 'string', multiple: true },
    },
  });
  const base = (process.env.BASE_URL ?? '').replace(/\/+$/, '');
  if (!base) throw new Error('BASE_URL (the gateway) is required');
  const removing = values.remove ?? [];
  const count = Number(values.count);
  if (!removing.length && (!Number.isInteger(count) || count < 1))
    throw new Error('--count N (how many members to make) or --remove <batch> is required');
  const env = process.env;
  const sid = await signInAdmin(base, adminFromEnv(env));
  try {
    for (const batch of removing)
      process.stdout.write(`batch ${batch}: ${await removeMembers(base, sid, batch)} members removed\n`);
    if (!removing.length) {
      const started = Date.now();
      const { batches, tokens } = await mintMembers(base, sid, count);
      const out = resolve(/** @type {string} */ (values.out));
      writeFileSync(out, `token\n${tokens.join('\n')}\n`);
      process.stdout.write(
        `${tokens.length} members in ${((Date.now() - started) / 1000).toFixed(1)} s, batch ${batches.join(', ')}: ${out}\n` +
          `remove them afterwards: npm run k6:members -- ${batches.map((b) => `--remove ${b}`).join(' ')}\n`,
      );
    }
  } finally {
    if (!env.ADMIN_SID) await call(base, 'POST', '/api/logout', { sid }).catch(() => undefined);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
