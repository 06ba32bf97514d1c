/**
 * Every route that makes a poll is one of proto's `pollCreatingPaths`, the paths the gateway counts against one
 * creation quota: a new way to create a poll cannot slip out from under it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPaths, pollCreatingPaths } from '@meydan/proto';

const routesDir = new URL('../src/routes/', import.meta.url);
/** The use cases that make a poll: every function usecases/poll-creation.ts exports. */
const creating = [
  ...readFileSync(new URL('../src/usecases/poll-creation.ts', import.meta.url), 'utf8').matchAll(
    /^export async function (\w+)\(/gm,
  ),
].map((m) => m[1]!);
const callsCreating = new RegExp(`\\b(${creating.join('|')})\\(`);

describe('the poll-creating routes', () => {
  it('all sit at a path of pollCreatingPaths', () => {
    expect(creating).toContain('createPoll');
    const routes: string[] = [];
    for (const file of readdirSync(routesDir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, routesDir), 'utf8');
      // Each registration up to the next one: its path is its first argument.
      for (const route of source.split(/app\.(?:post|put|patch)\b/).slice(1)) {
        if (!callsCreating.test(route)) continue;
        const path = /^(?:<[^(]*>)?\(\s*([^,]+),/.exec(route)?.[1]?.trim();
        routes.push(`${file}: ${path}`);
        const named = path?.match(/^apiPaths\.(\w+)$/)?.[1];
        expect(named, `${file}: ${path}`).toBeDefined();
        expect(pollCreatingPaths as readonly string[], `${file}: ${path}`).toContain(
          apiPaths[named as keyof typeof apiPaths],
        );
      }
    }
    expect(routes.length).toBe(pollCreatingPaths.length);
  });
});
