// `npm run bench:members -- --count N --out members.csv`: N members for the k6 scripts (hot-paths.js, mixed.js).
//
// Against any deployment (BASE_URL): through its API only, as `npm run k6:members` does (deploy/k6/load-members.mjs):
// an administrator (ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP, ADMIN_TOTP_SECRET or ADMIN_RECOVERY_CODE; or ADMIN_SID) mints
// throw-away members with personal API tokens (auth must run with LOAD_TEST_MEMBERS=on); the CSV has one `token`
// column. Remove them afterwards with `npm run k6:members -- --remove <batch>`.
//
// Local only (MONGO_URL and REDIS_URL both set, which the API path never needs): members with live sessions written straight into auth's
// MongoDB and Redis (auth's own model and session store, from its build: run `npx tsc -b` first), as `npm run bench`
// seeds its own stack; columns sid,userId,username (deploy/k6/lib/csv.js). MONGO_DB: auth's database (default
// meydan_auth). This needs the stores themselves: a deployment's are for the API path above.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';
import { adminFromEnv, mintMembers, signInAdmin } from '../k6/load-members.mjs';
import { seedMembers } from '../local/members.mjs';

const { values } = parseArgs({
  options: { count: { type: 'string' }, out: { type: 'string', default: 'members.csv' } },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error('--count N is required: how many members to create');
const env = process.env;
const out = resolve(values.out);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
if (!(env.MONGO_URL && env.REDIS_URL)) {
  const base = (env.BASE_URL ?? '').replace(/\/+$/, '');
  if (!base)
    throw new Error(
      "BASE_URL (a deployment, through its API) or MONGO_URL and REDIS_URL (a local stack's stores) are required",
    );
  const sid = await signInAdmin(base, adminFromEnv(env));
  const { batches, tokens } = await mintMembers(base, sid, count);
  writeFileSync(
    out,
    formatCsv(
      ['token'],
      tokens.map((token) => ({ token })),
    ),
  );
  process.stdout.write(
    `${tokens.length} members with API tokens in ${seconds()} s, batch ${batches.join(', ')}: ${out}\n`,
  );
  process.stdout.write(
    `remove them afterwards: npm run k6:members -- ${batches.map((b) => `--remove ${b}`).join(' ')}\n`,
  );
} else {
  const { MONGO_URL: mongoUrl, REDIS_URL: redisUrl } = env;
  const seeded = await seedMembers(count, { mongoUrl, redisUrl, mongoDb: env.MONGO_DB || 'meydan_auth' });
  writeFileSync(
    out,
    formatCsv(
      MEMBER_COLUMNS,
      seeded.sids.map((sid, i) => ({ sid, userId: seeded.ids[i], username: seeded.usernames[i] })),
    ),
  );
  process.stdout.write(`${seeded.sids.length} members with sessions in ${seconds()} s: ${out}\n`);
}
