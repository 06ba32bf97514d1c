/**
 * The bench's live-counts clients (deploy/bench/live-clients.mjs) speak socket.io's protocol over plain websockets:
 * here they run against a real socket.io server set up the way the notifications service's is (path /ws, websocket
 * only, the gateway's signed identity required), which pings them often, and must follow the poll, answer the pings,
 * and time every vote at every socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_HEADER, readSignedIdentity } from '@meydan/kit';
import { handOver } from '../bench/hand-over.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'canli-sayilar-sirri';
const POLL_ID = '64b000000000000000000001';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A socket.io server like the notifications service's; `subscribed` lists what each follower asked for, `pongs` how
 * many pings each socket has answered, `dropped` the sockets that went away.
 */
async function liveServer(): Promise<{
  url: string;
  io: Server;
  subscribed: unknown[];
  pongs: Map<string, number>;
  dropped: string[];
}> {
  const http: HttpServer = createServer();
  const io = new Server(http, {
    path: '/ws',
    transports: ['websocket'],
    serveClient: false,
    pingInterval: 300,
    pingTimeout: 300,
    allowRequest: (request, callback) => {
      const header = request.headers[IDENTITY_HEADER];
      callback(null, typeof header === 'string' && readSignedIdentity(header, SECRET) !== null);
    },
  });
  const subscribed: unknown[] = [];
  const pongs = new Map<string, number>();
  const dropped: string[] = [];
  io.on('connection', (socket) => {
    pongs.set(socket.id, 0);
    socket.conn.on('packet', ({ type }: { type: string }) => {
      if (type === 'pong') pongs.set(socket.id, pongs.get(socket.id)! + 1);
    });
    socket.on('disconnect', (reason) => dropped.push(`${socket.id}: ${reason}`));
    socket.on('subscribe_polls', (payload: { pollIds: string[] }, ack: (answer: unknown) => void) => {
      subscribed.push(payload);
      void socket.join(`poll:${payload.pollIds[0]}`);
      ack({ subscribed: payload.pollIds });
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => io.close(() => r())));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io, subscribed, pongs, dropped };
}

const until = (what: string, ok: () => boolean, ms = 15_000): Promise<void> =>
  vi.waitFor(
    () => {
      if (!ok()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 50 },
  );

function startClients(url: string, sockets: number, dir: string, secret = SECRET, votersFile?: string): ChildProcess {
  const child = spawn(process.execPath, [join(root, 'deploy/bench/live-clients.mjs')], {
    env: {
      ...process.env,
      TARGETS: url,
      SOCKETS: String(sockets),
      POLL_ID,
      INTERNAL_SECRET: secret,
      KIT: join(root, 'services/kit/dist/index.js'),
      READY_FILE: join(dir, 'ready.json'),
      ANSWERS_FILE: join(dir, 'answers.json'),
      SAMPLES_FILE: join(dir, 'samples.bin'),
      RESULT_FILE: join(dir, 'result.json'),
      ...(votersFile ? { VOTERS_FILE: votersFile } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return child;
}

/**
 * Hands the clients two votes answered at `answeredAt` (totals 1 and 2) and reads their result. The answers file is
 * whole once it appears, as live-run.mjs hands it over: the clients go by its appearance.
 */
async function resultAfter(dir: string, answeredAt: number): Promise<unknown> {
  handOver(
    join(dir, 'answers.json'),
    JSON.stringify([
      [1, answeredAt],
      [2, answeredAt],
    ]),
  );
  await until('the result', () => existsSync(join(dir, 'result.json')));
  return JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meydan-live-clients-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('the live-counts bench clients', () => {
  it('follow the poll over socket.io, stay connected through pings, and time each vote at each socket', async () => {
    const { url, io, subscribed, pongs, dropped } = await liveServer();
    const dir = tempDir();
    startClients(url, 3, dir);
    await until('the clients to follow', () => existsSync(join(dir, 'ready.json')));
    expect(JSON.parse(readFileSync(join(dir, 'ready.json'), 'utf8'))).toMatchObject({ following: 3 });
    expect(subscribed).toEqual([{ pollIds: [POLL_ID] }, { pollIds: [POLL_ID] }, { pollIds: [POLL_ID] }]);

    // Every socket answers its pings (two each at least): one that did not would be dropped after pingInterval +
    // pingTimeout, before its second ping.
    await until('every socket to answer two pings', () => pongs.size === 3 && [...pongs.values()].every((n) => n >= 2));
    expect(dropped).toEqual([]);
    expect(io.engine.clientsCount).toBe(3);

    // Two votes answered, then one update with both: another poll's update is not theirs.
    const answeredAt = Date.now();
    io.to(`poll:${POLL_ID}`).emit('poll_update', {
      data: { pollId: '64b000000000000000000002', voteCounts: {}, totalVotes: 99 },
    });
    io.to(`poll:${POLL_ID}`).emit('poll_update', { data: { pollId: POLL_ID, voteCounts: { '0': 2 }, totalVotes: 2 } });
    expect(await resultAfter(dir, answeredAt)).toEqual({
      following: 3,
      missed: 0,
      disconnects: 0,
      samples: 6,
      // Without VOTERS_FILE every socket is a visitor's: the counts above reached three who may not see them.
      voters: 0,
      countsToNonVoters: 3,
      noCountsToVoters: 0,
    });
    const bytes = readFileSync(join(dir, 'samples.bin'));
    const samples = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    expect(samples).toHaveLength(6);
    for (const sample of samples) expect(sample).toBeGreaterThanOrEqual(0);
    for (const sample of samples) expect(sample).toBeLessThan(5_000);
  });

  it("follow as the voters named on even sockets and as visitors on odd ones, and count counts sent to a socket not allowed them and updates without counts to a voter's", async () => {
    const { url, io, subscribed } = await liveServer();
    const members = new Map<string, string | null>();
    io.on('connection', (socket) => {
      const header = socket.request.headers[IDENTITY_HEADER];
      members.set(socket.id, typeof header === 'string' ? (readSignedIdentity(header, SECRET)?.userId ?? null) : null);
    });
    const dir = tempDir();
    const votersFile = join(dir, 'voters.json');
    handOver(votersFile, JSON.stringify(['64b0000000000000000000a1', '64b0000000000000000000a2']));
    startClients(url, 4, dir, SECRET, votersFile);
    await until('the clients to follow', () => existsSync(join(dir, 'ready.json')));
    expect(subscribed).toHaveLength(4);
    expect([...members.values()].sort()).toEqual(['64b0000000000000000000a1', '64b0000000000000000000a2', null, null]);

    // One update with the counts and one with the total alone, each to every follower: the first reaches two
    // visitors who may not see counts, the second two voters who should have had them.
    const answeredAt = Date.now();
    io.to(`poll:${POLL_ID}`).emit('poll_update', { data: { pollId: POLL_ID, voteCounts: { '0': 1 }, totalVotes: 1 } });
    io.to(`poll:${POLL_ID}`).emit('poll_update', {
      data: { pollId: POLL_ID, voteCounts: {}, totalVotes: 2, countsHidden: true },
    });
    expect(await resultAfter(dir, answeredAt)).toEqual({
      following: 4,
      missed: 0,
      disconnects: 0,
      samples: 8,
      voters: 2,
      countsToNonVoters: 2,
      noCountsToVoters: 2,
    });
  });

  it('say so and follow nothing when the server refuses their identity', async () => {
    const { url, subscribed } = await liveServer();
    const dir = tempDir();
    const child = startClients(url, 1, dir, 'baska-bir-sir');
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await until('the clients to give up', () => existsSync(join(dir, 'ready.json')), 30_000);
    expect(JSON.parse(readFileSync(join(dir, 'ready.json'), 'utf8'))).toMatchObject({ following: 0 });
    // The line is written before ready.json, but reaches this process through a pipe, which a loaded machine can
    // deliver after the file is there (a fresh-clone run read an empty stderr): wait for the line itself.
    await until('the clients to say why', () => stderr.includes('does not follow the poll'), 10_000);
    expect(subscribed).toEqual([]);
  });
});
