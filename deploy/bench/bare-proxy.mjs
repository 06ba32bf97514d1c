// The bench's yardstick for the gateway: a bare Fastify + @fastify/http-proxy hop in front of the same polls service,
// doing nothing a proxy does not have to. The polls service only answers a request with a signed identity, so the
// hop adds the visitor identity the gateway would send for GET /api/polls/ping, signed once a second (it is good for
// ten), not per request: the gateway's per-request work is exactly what this hop is measured against.
//
// Env: PORT, UPSTREAM (the polls service's URL), INTERNAL_SECRET, KIT (path of the kit's built index.js).
import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';

const { signIdentity, IDENTITY_HEADER } = await import(/** @type {string} */ (process.env.KIT));
const binding = { method: 'GET', path: '/api/polls/ping', service: 'polls' };
let signed = '';
let signedAt = 0;
const identityHeader = () => {
  const now = Date.now();
  if (now - signedAt > 1000) {
    signed = signIdentity(
      { userId: null, role: null, visitorId: null, ip: '127.0.0.1', authMethod: null },
      process.env.INTERNAL_SECRET,
      binding,
      now,
    );
    signedAt = now;
  }
  return signed;
};

const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream: /** @type {string} */ (process.env.UPSTREAM),
  prefix: '/api/polls/ping',
  rewritePrefix: '/api/polls/ping',
  replyOptions: { rewriteRequestHeaders: (_request, headers) => ({ ...headers, [IDENTITY_HEADER]: identityHeader() }) },
});
app.get('/readyz', async () => ({ ready: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
