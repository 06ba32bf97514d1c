/**
 * The ports the test servers and stacks are given (deploy/local/servers.mjs freePort): never one that fetch refuses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { freePort } from '../local/servers.mjs';

afterEach(() => vi.restoreAllMocks());

describe('freePort', () => {
  it('never hands out a port of the Fetch standard’s bad-port list, which fetch refuses (10080)', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    // The first pick lands on 10080 (10,000 + ⌊r × (low − 10,000)⌋), the next one anywhere else.
    const onBadPort = 80.5 / (low! - 10_000);
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(onBadPort).mockReturnValueOnce(0.5);
    const port = await freePort();
    expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(port).not.toBe(10_080);
    const refused = await fetch('http://127.0.0.1:10080/').catch((err: Error) => String(err.cause));
    expect(refused).toMatch(/bad port/);
  });
});
