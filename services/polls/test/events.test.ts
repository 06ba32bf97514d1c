import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, events } from '@meydan/proto';
import { asMember, freePort, infra, testLogger } from '@meydan/testing';
import { startNats } from '../../../deploy/local/servers.mjs';
import { collect, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

type Nats = Awaited<ReturnType<typeof startNats>>;

// A private NATS (the shared one must stay up for the other suites), stopped and started again on the same port.
describe('an event whose write succeeded while NATS is down', () => {
  let svc: PollsTestService;
  let nats: Nats;
  let port: number;
  const logged: Record<string, unknown>[] = [];
  const dataDir = join(infra().dir, `polls-nats-${process.pid}`);
  const startOurNats = () => startNats({ port, dataDir, logFile: `${dataDir}.log`, binary: infra().natsServer });

  beforeAll(async () => {
    port = await freePort();
    nats = await startOurNats();
    svc = await startPolls({ NATS_URL: nats.url }, testLogger(logged));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await nats?.stop();
  });

  it('fails the like or comment with a Turkish 503 instead of dropping its event, and publishes again once NATS is back', async () => {
    const alice = newUserId();
    const bob = newUserId();
    const poll = await createPoll(svc.app, alice);

    await nats.stop();
    const like = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/like`,
      headers: { ...asMember(bob), 'x-request-id': 'req-like-down' },
    });
    expect(like.statusCode).toBe(503);
    expect(like.json()).toEqual({ error: 'event_not_published', message: errorCatalogue.event_not_published.message });
    expect(like.json().message).toBe(
      'İşlemin kaydedildi ama şu anda duyurulamadı. Lütfen biraz sonra sayfayı yenileyip kontrol et.',
    );
    const comment = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/comments`,
      headers: asMember(bob),
      payload: { text: 'Kedi tabii ki' },
    });
    expect(comment.statusCode).toBe(503);
    expect(comment.json().error).toBe('event_not_published');
    const failed = logged.filter((l) => l['msg'] === 'event not published after retries');
    expect(failed.map((l) => l['subject'])).toEqual([events.polls.pollLiked, events.polls.commentCreated]);
    expect(failed[0]).toMatchObject({ reqId: 'req-like-down', attempts: 3 });

    nats = await startOurNats();
    await until(() => logged.some((l) => l['nats'] === 'reconnect'), 20_000, 'reconnected');
    const seen = collect(svc.deps.nats, events.polls.commentCreated);
    await seen.flush();
    const again = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/comments`,
      headers: asMember(bob),
      payload: { text: 'Yine de kedi' },
    });
    expect(again.statusCode).toBe(201);
    await until(() => seen.received.some((m) => m.data['text'] === 'Yine de kedi'), 5000, 'comment event');
    seen.stop();
  }, 60_000);
});
