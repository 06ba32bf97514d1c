// The bench's throw-away stack: NATS (JetStream), Redis and a MongoDB-wire server on free ports in a temp dir, the six
// services and the gateway as `npm start` runs them, taken from `root` (BENCH_ROOT: another checkout can be measured
// with this runner). BENCH_PROFILE=1 starts every Node process with --cpu-prof into <workDir>/profiles.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startNodeProcess } from '../local/node-runtime.mjs';
import { ensureServerBinaries, freePort, startMongoWire, startNats, startRedis } from '../local/servers.mjs';

export const SERVICES = ['auth', 'polls', 'social', 'notifications', 'contact', 'admin'];
const REQUIRED = new Set(['auth', 'polls', 'notifications']);

/** Waits until `url` answers 2xx; fails as soon as the process exits. */
export async function waitReady(name, url, proc, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with code ${proc.exitCode}; see ${name}.log in the run's temp dir`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} not ready within ${timeoutMs / 1000} s; see ${name}.log in the run's temp dir`);
}

/** Starts everything; `stop()` stops it in reverse order. */
/** `profile(name)`: whether that Node process runs with --cpu-prof into <workDir>/profiles. */
export async function startStack({ root, workDir, webDist, logLevel = 'warn', profile = () => false, say = () => {} }) {
  const started = [];
  const profileDir = join(workDir, 'profiles');
  mkdirSync(profileDir, { recursive: true });
  const nodeArgs = (name) => (profile(name) ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : []);
  const stop = async () => {
    for (const handle of [...started].reverse()) await handle.stop(5000).catch(() => {});
    started.length = 0;
  };
  try {
    const binaries = ensureServerBinaries();
    const [natsPort, redisPort, mongoPort, gatewayPort, smtpPort, ...servicePorts] = await Promise.all(
      Array.from({ length: 5 + SERVICES.length }, () => freePort()),
    );
    const nats = await startNats({ port: natsPort, dataDir: join(workDir, 'nats'), logFile: join(workDir, 'nats.log'), binary: binaries.natsServer });
    started.push(nats);
    const redis = await startRedis({ port: redisPort, dataDir: join(workDir, 'redis'), logFile: join(workDir, 'redis.log'), binary: binaries.redisServer });
    started.push(redis);
    const mongo = await startMongoWire({ port: mongoPort, dataDir: join(workDir, 'mongo'), logFile: join(workDir, 'mongo.log'), binaries });
    started.push(mongo);

    const secret = randomBytes(24).toString('hex');
    const base = `http://127.0.0.1:${gatewayPort}`;
    const common = {
      ...process.env,
      HOST: '127.0.0.1',
      NATS_URL: nats.url,
      REDIS_URL: redis.url,
      MONGO_URL: mongo.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      INTERNAL_SECRET: secret,
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: logLevel,
      LOG_PRETTY: '0',
      // Any free port for each process's /metrics: several stacks (and npm start) may run side by side.
      METRICS_PORT: '0',
      // One machine plays every visitor from one IP: the per-IP share-vote limit would refuse all but 30 a minute, and
      // the default share-link rule ('Tarayıcı başına') would count only 5 visitors from that IP on the poll.
      SHARE_VOTE_IP_LIMIT: '100000000',
      SHARE_VOTE_BROWSERS_PER_IP: '100000000',
    };
    const ports = Object.fromEntries(SERVICES.map((s, i) => [s, servicePorts[i]]));
    const startService = (name, port, label = name) => {
      const handle = startNodeProcess(label, join(root, 'services', name, 'dist', 'main.js'), {
        nodeArgs: nodeArgs(label),
        logFile: join(workDir, `${label}.log`),
        env: { ...common, PORT: String(port) },
        cwd: root,
      });
      started.push(handle);
      return handle;
    };
    const services = SERVICES.map((name) => startService(name, ports[name]));
    await Promise.all(
      services.map((h) =>
        waitReady(h.name, `http://127.0.0.1:${ports[h.name]}/readyz`, h.proc).catch((err) => {
          if (REQUIRED.has(h.name)) throw err;
          say(`! ${h.name} did not start (${err.message}); the bench does not need it`);
        }),
      ),
    );
    const gateway = startNodeProcess('gateway', join(root, 'gateway', 'dist', 'main.js'), {
      nodeArgs: nodeArgs('gateway'),
      logFile: join(workDir, 'gateway.log'),
      env: {
        ...common,
        ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`])),
        PORT: String(gatewayPort),
        WEB_DIST: webDist,
        RATE_LIMIT_SCALE: '100000',
      },
      cwd: root,
    });
    started.push(gateway);
    await waitReady('gateway', `${base}/readyz`, gateway.proc);

    return {
      base,
      secret,
      ports,
      nats,
      redis,
      mongo,
      profileDir,
      kitPath: join(root, 'services', 'kit', 'dist', 'index.js'),
      /** Every process of the stack (and whatever was added with `track`), by name. */
      processes: () => started.map((h) => ({ name: h.name, pid: h.proc.pid })),
      track: (handle) => started.push(handle),
      /** A second notifications process on the same NATS and Redis (the Redis adapter joins their sockets). */
      async addNotifications(label) {
        const port = await freePort();
        const handle = startService('notifications', port, label);
        await waitReady(label, `http://127.0.0.1:${port}/readyz`, handle.proc);
        return { port, handle };
      },
      /** A Node script of the bench itself, tracked like the stack's processes (and profiled with them). */
      async startNodeScript(label, script, env, readyUrl) {
        const handle = startNodeProcess(label, script, { nodeArgs: nodeArgs(label), logFile: join(workDir, `${label}.log`), env: { ...process.env, ...env }, cwd: root });
        started.push(handle);
        if (readyUrl) await waitReady(label, readyUrl, handle.proc);
        return handle;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. Linux /proc only. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in MB, or null once it is gone. */
export function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}
