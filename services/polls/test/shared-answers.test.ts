/**
 * Which answers polls marks as the same for every visitor (`Cache-Control: public, max-age=0, s-maxage=1`: the gateway
 * may share them for a second, browsers keep nothing): only answers to visitors that hold nothing of the visitor, never a member's, never the share-link page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { asShareVisitor, createPoll, newUserId, startPolls, type PollsTestService } from './support.js';

describe('answers shared among visitors', () => {
  let svc: PollsTestService;
  let auth: TestService;
  const alice = newUserId();
  let pollId: string;
  let shortUrl: string;

  beforeAll(async () => {
    svc = await startPolls();
    // Whether a profile is public (a member's poll list) is auth's to say.
    auth = await startTestService('auth', buildAuth);
    pollId = (await createPoll(svc.app, alice, { title: 'Paylaşılan yanıt?' })).id;
    const shared = await createPoll(svc.app, alice, { title: 'Bağlantıyla oylanan' }, '/api/polls/shareable');
    shortUrl = shared.shortUrl!.split('/').pop()!;
    const voted = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${shortUrl}/vote`,
      headers: asShareVisitor('ziyaretci-0123456789abcdef'),
      payload: { optionIndex: 0 },
    });
    expect(voted.statusCode, voted.body).toBe(200);
  });
  afterAll(async () => {
    await auth?.close();
    await svc?.close();
  });

  const visitorUrls = () => [
    '/api/polls?feed=new',
    '/api/polls?feed=trending&limit=5',
    `/api/polls/${pollId}`,
    `/api/users/${alice}/polls`,
    `/api/polls/${pollId}/comments`,
  ];

  it('marks what a visitor reads public for a second, the same with or without a visitor id', async () => {
    for (const url of visitorUrls()) {
      const plain = await svc.app.inject({ url, headers: asVisitor() });
      expect(plain.statusCode, `${url} ${plain.body}`).toBe(200);
      expect(plain.headers['cache-control'], url).toBe('public, max-age=0, s-maxage=1');
      const withVisitorId = await svc.app.inject({ url, headers: asShareVisitor('ziyaretci-0123456789abcdef') });
      expect(withVisitorId.body, url).toBe(plain.body);
    }
  });

  it("never marks a member's answer, a refusal, or the share-link page that shows the visitor's own vote", async () => {
    for (const url of visitorUrls()) {
      const res = await svc.app.inject({ url, headers: asMember(alice) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    const share = await svc.app.inject({
      url: `/api/s/${shortUrl}`,
      headers: asShareVisitor('ziyaretci-0123456789abcdef'),
    });
    expect(share.json()).toMatchObject({ hasVoted: true, userChoice: 0 });
    expect(share.headers['cache-control']).toBeUndefined();
    for (const url of ['/api/polls?feed=friends', '/api/polls/6650f0c2a1b2c3d4e5f60718', '/api/polls?feed=for-you']) {
      const refused = await svc.app.inject({ url, headers: asVisitor() });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.headers['cache-control'], url).toBeUndefined();
    }
  });
});
