/**
 * Fuzzing from the OpenAPI document: Schemathesis reads the real stack's `GET /api/openapi.json` (every route every
 * service documents, new ones included without edits here) and sends generated requests, valid and invalid, first
 * as a visitor, then as a signed-in member. Any finding fails the test: a 5xx, an answer that breaks its documented
 * schema, status or content type, invalid input accepted, and (meydan_hooks.py) a refused request that changed a
 * database. A bounded run here (FUZZ_SECONDS per identity); `npm run fuzz` runs the same for long.
 */
import { spawn } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSchemathesis } from '../../deploy/local/ensure-tools.mjs';
import { infra } from '../harness.js';
import { startStack, type Stack } from '../e2e/stack.js';
import { createMember, type Member } from '../e2e/support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const secondsPerIdentity = Number(process.env['FUZZ_SECONDS'] ?? 45);
const seed = Number(process.env['FUZZ_SEED'] ?? randomInt(1, 2 ** 31));
const reportDir = join(root, 'test-results', 'fuzz');

/**
 * Checks left out, and why: `positive_data_acceptance` expects every schema-valid request to succeed, but most of
 * ours need an existing poll/user id or a signed-in role (404/401/403 are right answers); `ignored_auth` and
 * `missing_required_header` assume the documented security is required on every route, while ours is optional
 * (visitors browse). `not_a_server_error`, the conformance checks, `negative_data_rejection`, `use_after_free`,
 * `ensure_resource_availability` and our `no_write_from_refused_request` stay.
 */
const excludedChecks = ['positive_data_acceptance', 'ignored_auth', 'missing_required_header'];

let stack: Stack;
let member: Member;
let fingerprintServer: Server;
let fingerprintUrl: string;
let mongo: mongoose.Connection;
let schemathesis: string;

/** A hash per collection of every service database: equal before and after a request = it wrote nothing. */
async function fingerprint(): Promise<Record<string, string>> {
  const hashes = await Promise.all(
    Object.values(stack.databases).map(async (dbName) => {
      const db = mongo.useDb(dbName, { useCache: true }).db!;
      const collections = await db.listCollections({}, { nameOnly: true }).toArray();
      return Promise.all(
        collections.map(async ({ name }) => {
          const hash = createHash('sha256');
          for (const doc of await db.collection(name).find({}).sort({ _id: 1 }).toArray())
            hash.update(JSON.stringify(doc));
          return [`${dbName}.${name}`, hash.digest('hex').slice(0, 16)] as const;
        }),
      );
    }),
  );
  return Object.fromEntries(hashes.flat().sort(([a], [b]) => a.localeCompare(b)));
}

beforeAll(async () => {
  schemathesis = ensureSchemathesis();
  stack = await startStack({
    env: { RATE_LIMIT_SCALE: '1000', SHARE_VOTE_IP_LIMIT: '1000000', SHARE_VOTE_BROWSERS_PER_IP: '1000000' },
  });
  member = await createMember(stack, 'fuzz', 'Fuzz Deneyen');
  mongo = await mongoose.createConnection(infra().mongoUrl).asPromise();
  fingerprintServer = createServer((_req, res) => {
    fingerprint().then(
      (print) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(print)),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => fingerprintServer.listen(0, '127.0.0.1', resolve));
  fingerprintUrl = `http://127.0.0.1:${(fingerprintServer.address() as AddressInfo).port}/`;
  mkdirSync(reportDir, { recursive: true });
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => fingerprintServer?.close(resolve));
  await mongo?.close();
  await stack?.stop();
}, 60_000);

function runSchemathesis(
  label: string,
  headers: string[],
  extra: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const args = [
    '--config-file',
    join(root, 'deploy', 'fuzz', 'schemathesis.toml'),
    'run',
    `${stack.origin}/api/openapi.json`,
    '--checks',
    'all',
    '--exclude-checks',
    excludedChecks.join(','),
    '--workers',
    '1',
    '--max-time',
    String(secondsPerIdentity),
    '--seed',
    String(seed),
    '--request-timeout',
    '15',
    '--suppress-health-check',
    'all',
    '--no-color',
    '--report',
    'junit',
    '--report-junit-path',
    join(reportDir, `${label}.xml`),
    ...headers.flatMap((h) => ['-H', h]),
    ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(schemathesis, args, {
      cwd: root,
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'meydan_hooks',
        PYTHONPATH: join(root, 'deploy', 'fuzz'),
        MEYDAN_FINGERPRINT_URL: fingerprintUrl,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // The summary (operations, phases, warnings, test cases) says what the run reached, also when it passed.
      // Its closing '=== N warnings in 45 s ===' rule is left out: it reads like a test runner's verdict on the run.
      const summary = output
        .slice(output.lastIndexOf('SUMMARY'))
        .split('\n')
        .filter((line) => !/^=+ .* =+$/.test(line.trim()))
        .join('\n');
      process.stdout.write(`schemathesis as ${label}:\n${summary}\n`);
      resolve({ code, output });
    });
  });
}

describe(`Schemathesis against GET /api/openapi.json (seed ${seed}, ${secondsPerIdentity} s per identity)`, () => {
  const timeout = secondsPerIdentity * 1000 * 3 + 60_000;

  it('finds nothing as a visitor', { timeout }, async () => {
    const { code, output } = await runSchemathesis('visitor', [`Origin: ${stack.origin}`]);
    expect(code, `${output}\n--- gateway log:\n${stack.logTail('gateway', 20)}`).toBe(0);
  });

  it('finds nothing as a signed-in member', { timeout }, async () => {
    // Logging out would turn the rest of the run into a second visitor run (the visitor run covers that route).
    const { code, output } = await runSchemathesis(
      'member',
      [`Origin: ${stack.origin}`, `Cookie: sid=${member.sid}`],
      ['--exclude-path', '/api/logout'],
    );
    expect(code, `${output}\n--- gateway log:\n${stack.logTail('gateway', 20)}`).toBe(0);
  });
});
