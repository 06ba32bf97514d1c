// Members with live sessions for a load run (the bench, the chaos run, bench:votes, bench:members), written straight
// into auth's MongoDB and Redis with auth's own model and session store, from its build: logging in thousands of
// members through scrypt would measure password hashing, not votes. The one place outside auth that knows its store.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Members in auth's store, each with a live session (auth's own model and session store, from the build under
 * `authRoot`): their session ids, user ids and usernames, in the same order.
 * @param {number} count
 * @param {{ mongoUrl: string, redisUrl: string, authRoot?: string, mongoDb?: string }} options
 * @returns {Promise<{ sids: string[], ids: string[], usernames: string[] }>}
 */
export async function seedMembers(count, { mongoUrl, redisUrl, authRoot = root, mongoDb = 'meydan_auth' }) {
  const { default: mongoose } = await import('mongoose');
  // The kit's client: REDIS_URL may name one server, Sentinel's master or a Cluster (`npm run chaos:cluster`).
  const { createRedisClient } = await import('@meydan/kit');
  const { userModel } = await import(join(authRoot, 'services/auth/dist/model/user.js'));
  const { hashPassword } = await import(join(authRoot, 'services/auth/dist/domain/secrets.js'));
  const sessionsModule = ['services/auth/dist/store/sessions.js', 'services/auth/dist/sessions.js']
    .map((p) => join(authRoot, p))
    .find((p) => existsSync(p));
  const { SessionStore } = await import(/** @type {string} */ (sessionsModule));
  const conn = await mongoose.createConnection(mongoUrl, { dbName: mongoDb }).asPromise();
  const redis = createRedisClient(redisUrl, { keyPrefix: 'auth:' });
  try {
    const User = userModel(conn);
    await User.init();
    const passwordHash = await hashPassword('bench-password-1');
    const tag = randomBytes(3).toString('hex');
    /** @type {string[]} */
    const ids = [];
    /** @type {string[]} */
    const usernames = [];
    for (let i = 0; i < count; i += 1000) {
      const docs = [];
      for (let j = i; j < Math.min(count, i + 1000); j++) {
        const username = `bench_${tag}_${j}`;
        docs.push({
          username,
          usernameLower: username,
          email: `${username}@bench.local`,
          emailLower: `${username}@bench.local`,
          displayName: `Bench ${j}`,
          passwordHash,
          role: 'member',
          emailVerified: true,
        });
      }
      const made = await User.insertMany(docs, { ordered: false });
      ids.push(...made.map((/** @type {{ _id: { toString(): string } }} */ u) => u._id.toString()));
      usernames.push(...made.map((/** @type {{ username: string }} */ u) => u.username));
    }
    const sessions = new SessionStore(redis, 24 * 3600);
    /** @type {string[]} */
    const sids = [];
    for (let i = 0; i < ids.length; i += 200) {
      sids.push(...(await Promise.all(ids.slice(i, i + 200).map((id) => sessions.create(id, 'member')))));
    }
    return { sids, ids, usernames };
  } finally {
    await conn.close();
    redis.disconnect();
  }
}
