/**
 * `node services/kit/dist/set-up-streams.js`: sets up every JetStream stream of Meydan (the kit's `allStreams`) at
 * NATS_STREAM_REPLICAS, as the NATS user in NATS_USER/NATS_PASSWORD, the `operator` (the one user that may), and
 * exits: 0 once they stand, 1 with one line otherwise. A deployment runs it before the services (the `nats-streams`
 * Job, the compose service of the same name); `npm start` does the same through the kit. Safe to run again: a stream
 * that stands as asked is left alone, one at other replicas is moved in place.
 */
import { connectNats } from './connections.js';
import { createLogger } from './logger.js';
import { setUpStreams } from './streams.js';

const env = process.env;
const log = createLogger('nats-streams', env['LOG_LEVEL'] ?? 'info');
try {
  const url = env['NATS_URL'];
  if (!url) throw new Error('NATS_URL is not set');
  const replicas = Number(env['NATS_STREAM_REPLICAS'] ?? '1');
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5)
    throw new Error(`NATS_STREAM_REPLICAS=${env['NATS_STREAM_REPLICAS']}: 1 to 5`);
  const nc = await connectNats(url, 'nats-streams', log, { user: env['NATS_USER'], password: env['NATS_PASSWORD'] });
  const infos = await setUpStreams(await nc.jetstreamManager(), {
    replicas,
    clustered: Boolean(nc.info?.cluster),
    log,
  });
  log.info({ streams: infos.map((i) => `${i.config.name} R${i.config.num_replicas}`) }, 'streams set up');
  await nc.close();
  process.exit(0);
} catch (err) {
  process.stderr.write(`nats-streams: ${(err as Error).message}\n`);
  process.exit(1);
}
