/**
 * The durable JetStream consumers every service opens, by name on the server. A consumer renamed in production starts
 * over: it replays the stream or skips what came before it, so a name changes here only on purpose. They are also
 * proto's `natsUsage` consumers, stream and filter alike: each service's NATS user may create, pull and ack those
 * alone, so a consumer the table does not name would be refused by the server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { natsUsage, type ServiceName } from '@meydan/proto';
import { buildApp as buildNotifications } from '../services/notifications/src/app.js';
import { startTestService, type TestService } from './harness.js';
import { serviceBuilders } from './service-builders.js';

/** Today's names, `<service>--<purpose>`, as the services named them before the kit did. */
const consumers: Record<ServiceName, string[]> = {
  auth: ['auth--user-banned', 'auth--user-reactivated', 'auth--user-role-changed'],
  polls: [
    'polls--admin-comment-removed',
    'polls--admin-poll-removed',
    'polls--creator-banned',
    'polls--creator-reactivated',
    'polls--member-deleted',
    'polls--mutuals-cache-followed',
    'polls--mutuals-cache-unfollowed',
    'polls--persist-vote-changes',
    'polls--persist-votes',
    'polls--user-summary-cache',
  ],
  social: ['social--member-deleted'],
  notifications: [
    'notifications--comments',
    'notifications--follow-requests',
    'notifications--followers',
    'notifications--friends-polls',
    'notifications--likes',
    'notifications--mailer',
    'notifications--member-deleted',
    'notifications--poll-ended',
    'notifications--poll-opened',
    'notifications--poll-results',
    'notifications--sessions-revoked',
    'notifications--user-settings',
    'notifications--votes',
  ],
  contact: [],
  admin: [
    'admin--bulk-email',
    'admin--comments-reported',
    'admin--polls-created',
    'admin--polls-deleted',
    'admin--polls-edited',
    'admin--polls-reported',
    'admin--users-activated',
    'admin--users-banned',
    'admin--users-deleted',
    'admin--users-reactivated',
    'admin--users-registered',
    'admin--users-reported',
    'admin--users-updated',
    'admin--votes-cast',
    'admin--votes-changed',
  ],
};

const builders = {
  ...serviceBuilders,
  // With its consumers (the mailer among them); no mail is sent, so the address only has to be a valid SMTP URL.
  notifications: (deps) =>
    buildNotifications({ ...deps, config: { ...deps.config, SMTP_URL: 'smtp://127.0.0.1:1' } as typeof deps.config }),
} satisfies typeof serviceBuilders;

/** The durable consumers on every stream under this service's prefix, named without it: stream and filter by name. */
async function consumersOf(service: TestService): Promise<Map<string, { stream: string; filter: string }>> {
  const { nats, bus } = service.deps;
  const jsm = await nats.jetstreamManager();
  const found = new Map<string, { stream: string; filter: string }>();
  for await (const stream of jsm.streams.names()) {
    for await (const info of jsm.consumers.list(stream)) {
      const name = info.config.durable_name ?? info.name;
      if (name.startsWith(bus.consumerPrefix))
        found.set(name.slice(bus.consumerPrefix.length), { stream, filter: info.config.filter_subject ?? '' });
    }
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

/** Whether a filter made at run time is one the pattern allows, token by token (`*` one token, `>` the rest). */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

describe('durable consumer names', () => {
  const started: TestService[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.close()));
  });

  for (const name of Object.keys(consumers) as ServiceName[]) {
    it(`${name} opens the consumers it opened before the kit named them`, async () => {
      const service = await startTestService(name, builders[name]);
      started.push(service);
      const found = await consumersOf(service);
      expect([...found.keys()]).toEqual(consumers[name]);
      for (const durable of consumers[name])
        expect(service.deps.bus.durable(durable.slice(`${name}--`.length))).toBe(durable);
      // proto's natsUsage, of which the service's NATS permissions are made, names the same consumers with their filters.
      expect(
        Object.keys(natsUsage[name].consumers)
          .map((purpose) => `${name}--${purpose}`)
          .sort(),
      ).toEqual(consumers[name]);
      for (const [purpose, { stream, filter }] of Object.entries(natsUsage[name].consumers)) {
        const actual = found.get(`${name}--${purpose}`)!;
        expect(actual.stream, purpose).toBe(stream);
        expect(matches(filter, actual.filter), `${purpose}: ${actual.filter} against ${filter}`).toBe(true);
      }
    });
  }
});
