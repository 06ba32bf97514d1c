/**
 * The ports the test servers and stacks are given (deploy/local/servers.mjs freePort): never one that fetch refuses,
 * nor one another live process of the machine has claimed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimPort, freePort, PORT_CLAIMS, releasePort } from '../local/servers.mjs';

const servers = new URL('../local/servers.mjs', import.meta.url).href;
const claimFile = (port: number) => join(PORT_CLAIMS, String(port));
const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
/** What Math.random must answer for freePort's pick to be `port` (10,000 + ⌊r × (low − 10,000)⌋). */
const pickOf = (port: number) => (port - 10_000 + 0.5) / (low! - 10_000);

/** Another Node process that claims `port` and says so, then stays until killed (or, with `exit`, exits at once). */
async function claimInAnotherProcess(port: number, exit = false) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(servers)}); console.log('claimed', m.claimPort(${port}));` +
        (exit ? '' : ' setInterval(() => {}, 60_000);'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  let out = '';
  child.stdout.setEncoding('utf8');
  const said = new Promise<string>((resolve) =>
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    }),
  );
  return { child, said: await said, exited };
}

afterEach(() => vi.restoreAllMocks());

describe('freePort', () => {
  it('never hands out a port of the Fetch standard’s bad-port list, which fetch refuses (10080)', async () => {
    // The first pick lands on 10080, the next one anywhere else.
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(pickOf(10_080)).mockReturnValueOnce(0.5);
    const port = await freePort();
    expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(port).not.toBe(10_080);
    const refused = await fetch('http://127.0.0.1:10080/').catch((err: Error) => String(err.cause));
    expect(refused).toMatch(/bad port/);
  });

  it('never hands out a port another live process has claimed, and takes over the claim of one killed', async () => {
    // A port free right now, given up again, then claimed by another process.
    const port = await freePort();
    releasePort(port);
    const other = await claimInAnotherProcess(port);
    try {
      expect(other.said).toBe('claimed true');
      expect(claimPort(port)).toBe(false);
      // freePort's first pick is that port: it is passed over, though nothing listens on it.
      const random = vi.spyOn(Math, 'random').mockReturnValueOnce(pickOf(port)).mockReturnValueOnce(0.5);
      const given = await freePort();
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(given).not.toBe(port);
      releasePort(given);
    } finally {
      other.child.kill('SIGKILL');
      await other.exited;
    }
    // Killed, it could not give its claim up: the file is still there, and this process takes it over.
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(other.child.pid));
    expect(claimPort(port)).toBe(true);
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
    releasePort(port);
    expect(existsSync(claimFile(port))).toBe(false);
  });

  it('gives up every claim of a process when it exits', async () => {
    const port = await freePort();
    releasePort(port);
    const other = await claimInAnotherProcess(port, true);
    expect(other.said).toBe('claimed true');
    await other.exited;
    expect(existsSync(claimFile(port))).toBe(false);
  });
});
