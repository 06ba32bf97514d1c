import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectRedis,
  parseRedisUrl,
  loadConfig,
  baseConfigSchema,
  ConfigError,
  RedisUrlError,
  isCluster,
} from '@meydan/kit';
import { freePort, infra, testLogger, until } from '@meydan/testing';
import { startProcess, waitForPort } from '../../../deploy/local/servers.mjs';
import { startRedisCluster, startRedisNode, type RedisNode } from '../../../test/redis-cluster.js';

const started: { stop(graceMs?: number): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(started.map((h) => h.stop(2_000)));
});

async function redisNode(extraArgs: string[] = [], port?: number): Promise<RedisNode> {
  const handle = await startRedisNode(extraArgs, port);
  started.push(handle);
  return handle;
}

describe('REDIS_URL', () => {
  it('names one server, a Sentinel-watched master or a Cluster, with credentials', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ kind: 'single', url: 'redis://127.0.0.1:6379' });
    expect(parseRedisUrl('redis+sentinel://meydan:s%40cret@10.0.0.1:26379,10.0.0.2/mymaster?db=2')).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26379 },
      ],
      name: 'mymaster',
      db: 2,
      username: 'meydan',
      password: 's@cret',
    });
    expect(parseRedisUrl('redis+cluster://:pw@a:7000,b:7001,[::1]')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'a', port: 7000 },
        { host: 'b', port: 7001 },
        { host: '::1', port: 6379 },
      ],
      password: 'pw',
    });
  });

  it('refuses an unknown scheme or a sentinel URL without its master, in one line without the password', () => {
    expect(() => parseRedisUrl('memcached://h:1')).toThrow(RedisUrlError);
    expect(() => parseRedisUrl('memcached://u:hunter2@h:1')).toThrow(/unknown scheme in memcached:\/\/u:\*\*\*@h:1/);
    expect(() => parseRedisUrl('redis+sentinel://h:26379')).toThrow(/names its master/);
    const env = { PORT: '1', NATS_URL: 'nats://h:4222', MONGO_URL: 'mongodb://h', INTERNAL_SECRET: 'x'.repeat(16) };
    expect(() => loadConfig(baseConfigSchema, { ...env, REDIS_URL: 'redis+cluster://h:7000' })).not.toThrow();
    expect(() => loadConfig(baseConfigSchema, { ...env, REDIS_URL: 'valkey://h:1' })).toThrow(ConfigError);
    expect(() => loadConfig(baseConfigSchema, { ...env, REDIS_URL: 'valkey://h:1' })).toThrow(
      'environment variable REDIS_URL must start with redis://, rediss://, redis+sentinel:// or redis+cluster://',
    );
  });
});

describe('Redis behind Sentinel', () => {
  it('follows the master through a failover: writes pause for seconds, then go on, and acknowledged ones stay', async () => {
    const { dir, redisServer } = infra();
    const master = await redisNode();
    const replica = await redisNode(['--replicaof', '127.0.0.1', String(master.port)]);
    const sentinelPorts = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of sentinelPorts) {
      const confDir = join(dir, `sentinel-${port}`);
      mkdirSync(confDir, { recursive: true });
      const conf = join(confDir, 'sentinel.conf');
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${confDir}`,
          `sentinel monitor meydan 127.0.0.1 ${master.port} 2`,
          'sentinel down-after-milliseconds meydan 1000',
          'sentinel failover-timeout meydan 5000',
          '',
        ].join('\n'),
      );
      const sentinel = startProcess('sentinel', redisServer, [conf, '--sentinel'], { logFile: join(confDir, 'log') });
      started.push(sentinel);
      await waitForPort(port, { proc: sentinel.proc, name: 'redis-sentinel' });
    }

    const url = `redis+sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/meydan`;
    const redis = connectRedis(url, 'topology', testLogger());
    try {
      // The replica's first sync can take seconds on a loaded machine: the write below waits for an online replica.
      await until(
        async () => /slave0:.*state=online/.test(await redis.info('replication')),
        30_000,
        'the replica in sync',
      );
      await redis.set('before', '1');
      // Acknowledged by the replica before the master dies, as a vote's step would be by a synchronous setup.
      expect(await redis.wait(1, 5_000)).toBe(1);
      expect(await redis.info('server')).toContain(`tcp_port:${master.port}`);

      const killed = Date.now();
      master.proc.kill('SIGKILL');
      await until(
        async () => {
          try {
            await redis.set('after', '2');
            return true;
          } catch {
            return false;
          }
        },
        30_000,
        'a write after the failover',
      );
      const pauseMs = Date.now() - killed;
      console.log(`sentinel failover: writes paused ${pauseMs} ms`);
      expect(await redis.info('server')).toContain(`tcp_port:${replica.port}`);
      expect(await redis.get('before')).toBe('1');
      expect(await redis.get('after')).toBe('2');
      // The service's key prefix holds on the new master too.
      const raw = execFileSync('redis-cli', ['-p', String(replica.port), '--raw', 'GET', 'topology:before'])
        .toString()
        .trim();
      expect(raw).toBe('1');
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});

describe('Redis Cluster', () => {
  it('serves a service through the cluster client, its key prefix on every node, one-slot steps whole', async () => {
    const cluster = await startRedisCluster();
    started.push(cluster);
    const { nodes } = cluster;
    const redis = connectRedis(cluster.url, 'topology', testLogger());
    try {
      expect(isCluster(redis)).toBe(true);
      // Keys spread over the three masters, each reached through the one client.
      for (let i = 0; i < 30; i++) await redis.set(`k${i}`, String(i));
      const values = await Promise.all(Array.from({ length: 30 }, (_, i) => redis.get(`k${i}`)));
      expect(values).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
      expect(cluster.keysPerNode().every((count) => count > 0)).toBe(true);
      // A multi-key step whose keys share a hash tag runs whole on one node.
      await redis.mset('{poll:1}:a', 'x', '{poll:1}:b', 'y');
      expect(await redis.mget('{poll:1}:a', '{poll:1}:b')).toEqual(['x', 'y']);
      // And the prefix is on the keys themselves.
      const holder = nodes.find(
        (n) =>
          execFileSync('redis-cli', ['-p', String(n.port), '--raw', 'exists', 'topology:{poll:1}:a'])
            .toString()
            .trim() === '1',
      );
      expect(holder).toBeDefined();
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
