/**
 * deploy/k6/mixed.js against a running stack, as a load tester runs it against a deployment: members they bring (a
 * CSV of e-mail/password), the load generator's address in RATE_LIMIT_ALLOWLIST, the mixed and the socket scenarios,
 * thresholds passed and k6's HTML report written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureK6 } from '../../deploy/tools/ensure-tools.mjs';
import { startStack, type Stack } from './stack.js';
import { createMember, type Member } from './support.js';

const script = fileURLToPath(new URL('../../deploy/k6/mixed.js', import.meta.url));

describe('k6 mixed load against a deployment', () => {
  let stack: Stack;
  let members: Member[];
  let dir: string;

  beforeAll(async () => {
    // The allowlist frees the load generator from the gateway's limits; polls counts at most 5 visitors per IP network
    // on a 'Tarayıcı başına' share-link poll, which this one machine playing every visitor would pass at once.
    stack = await startStack({ replicas: 1, env: { RATE_LIMIT_ALLOWLIST: '127.0.0.1', SHARE_VOTE_BROWSERS_PER_IP: '100000' } });
    members = await Promise.all(['yuk1', 'yuk2', 'yuk3'].map((name) => createMember(stack, name, name)));
    dir = mkdtempSync(join(tmpdir(), 'meydan-k6-'));
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes its thresholds with members from a CSV of e-mail and password, and writes the HTML report', () => {
    const csv = join(dir, 'members.csv');
    writeFileSync(csv, `email,password\n${members.map((m) => `${m.email},${m.password}`).join('\n')}\n`);
    const report = join(dir, 'report.html');
    const summary = join(dir, 'summary.json');
    const run = spawnSync(ensureK6(), ['run', '--quiet', '--summary-export', summary, script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        BASE_URL: stack.origin,
        MEMBERS_CSV: csv,
        RATE: '10',
        DURATION_S: '8',
        SOCKETS: '3',
        K6_WEB_DASHBOARD: 'true',
        K6_WEB_DASHBOARD_EXPORT: report,
        K6_WEB_DASHBOARD_PORT: '-1',
        K6_WEB_DASHBOARD_PERIOD: '1s',
      },
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const metrics = JSON.parse(readFileSync(summary, 'utf8')).metrics;
    expect(metrics.iterations.count).toBeGreaterThan(50);
    // Socket votes reached their poll_update (a trend k6 only reports when it has values).
    expect(metrics.vote_to_update?.['p(95)']).toBeGreaterThanOrEqual(0);
    expect(metrics.missed_updates?.count ?? 0).toBe(0);
    expect(metrics.http_req_failed.value).toBeLessThanOrEqual(0.01);
    expect(existsSync(report) && statSync(report).size).toBeGreaterThan(10_000);
    const ms = (v: number | undefined) => `${Math.round(v ?? -1)} ms`;
    console.log(
      `k6 mixed: ${metrics.http_reqs.count} requests, ${metrics.iterations.count} iterations, failed ${(metrics.http_req_failed.value * 100).toFixed(2)} %, ` +
        `http p95 ${ms(metrics.http_req_duration['p(95)'])}, vote_to_update p95 ${ms(metrics.vote_to_update['p(95)'])} max ${ms(metrics.vote_to_update.max)}`,
    );
  }, 180_000);
});
