// `npm run bench:members -- --count N --out members.csv`: N members with live sessions, written straight into auth's
// MongoDB and Redis (auth's own model and session store, from its build: run `npx tsc -b` first), and a members CSV
// for the k6 scripts (columns: deploy/k6/lib/csv.js). Against a cluster, port-forward its MongoDB and Redis first
// (deploy/k6/README.md).
//
// Env: MONGO_URL, REDIS_URL (required); MONGO_DB: auth's database when the deployment sets one (default meydan_auth).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatCsv, MEMBER_COLUMNS } from '../k6/lib/csv.js';
import { seedMembers } from '../local/members.mjs';

const { values } = parseArgs({ options: { count: { type: 'string' }, out: { type: 'string', default: 'members.csv' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error('--count N is required: how many members to create');
const { MONGO_URL: mongoUrl, REDIS_URL: redisUrl } = process.env;
if (!mongoUrl || !redisUrl) throw new Error('MONGO_URL and REDIS_URL are required (auth\'s MongoDB and Redis)');
const out = resolve(values.out);
const started = Date.now();
const seeded = await seedMembers(count, { mongoUrl, redisUrl, mongoDb: process.env.MONGO_DB || 'meydan_auth' });
writeFileSync(out, formatCsv(MEMBER_COLUMNS, seeded.sids.map((sid, i) => ({ sid, userId: seeded.ids[i], username: seeded.usernames[i] }))));
process.stdout.write(`${seeded.sids.length} members with sessions in ${((Date.now() - started) / 1000).toFixed(1)} s: ${out}\n`);
