/**
 * The merged API document (`GET /api/openapi.json`) as API users' tools see it: `redocly lint` with its recommended
 * rules finds nothing, not even a warning (every operation named, a license).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStack, type Stack, workerStack } from './stack.js';

const redocly = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));

describe('the API document', () => {
  let stack: Stack;
  let doc: {
    info: { license?: { name: string; url: string } };
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  let dir: string;

  beforeAll(async () => {
    // It reads the document only: the worker's stack serves it as a stack of its own would.
    stack = await workerStack();
    const res = await fetch(`${stack.origin}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-openapi-missing')).toBeNull();
    doc = await res.json();
    dir = mkdtempSync(join(tmpdir(), 'meydan-openapi-'));
  }, 120_000);
  afterAll(async () => {
    await leaveStack(stack);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names every operation once and has a license', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/polls/{id}/vote']?.['post']?.operationId).toBe('postPollsByIdVote');
    expect(doc.info.license).toEqual({ name: 'Meydan Kullanım Şartları', url: `${stack.origin}/kullanim-sartlari` });
  });

  it('passes redocly lint (recommended rules) without an error or a warning', () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = spawnSync(redocly, ['lint', file, '--format', 'json', '--extends', 'recommended'], {
      encoding: 'utf8',
      cwd: dir,
    });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.status).toBe(0);
  });
});
