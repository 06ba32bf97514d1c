/**
 * Share-link ballot stuffing (issue 23, M3): a visitor id is minted by every cookieless read of a share link, so one
 * client cycling its cookie is many visitors. The creator's share-vote rule bounds what one client counts for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, pollMessages as M, pollServiceMessages as S } from '@meydan/proto';
import { asMember, drained, identityHeaders } from '@meydan/testing';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  createPoll,
  newUserId,
  startPolls,
  until,
  validPoll,
  type PollsTestService,
} from './support.js';

describe('share-link vote rules (shareVoteMode)', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  let ipSeq = 0;
  const freshIp = () => `10.23.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const shareVote = (code: string, headers: Record<string, string>, optionIndex = 0) =>
    svc.app.inject({ method: 'POST', url: `/api/s/${code}/vote`, headers, payload: { optionIndex } });
  const sharePage = (code: string, headers: Record<string, string>) =>
    svc.app.inject({ url: `/api/s/${code}`, headers });
  const createShared = (shareVoteMode?: string) =>
    svc.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(alice),
      payload: { ...validPoll({ options: ['Evet', 'Hayır'] }), ...(shareVoteMode ? { shareVoteMode } : {}) },
    });

  it('counts 8 cookie cycles from one IP on a default-mode poll as at most the allowance per IP', async () => {
    const created = await createShared();
    expect(created.statusCode).toBe(201);
    const poll = created.json().poll;
    const ip = freshIp();
    // Each cycle: a cookieless read hands out a new visitor id (the gateway's part), then a vote with it.
    const statuses: number[] = [];
    let refused: unknown;
    for (let i = 0; i < 8; i++) {
      const visitor = asShareVisitor(`cycle-${ip}-${i}`, ip);
      expect((await sharePage(poll.shortUrl, visitor)).json().hasVoted).toBe(false);
      const res = await shareVote(poll.shortUrl, visitor, i % 2);
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) refused = res.json();
    }
    const allowance = limits.poll.shareVotesPerIp;
    expect(statuses.filter((s) => s === 200).length).toBe(allowance);
    expect(statuses).toEqual([...Array(allowance).fill(200), ...Array(8 - allowance).fill(403)]);
    expect(refused).toEqual({ error: 'ip_vote_limit', message: S.shareVoteIpFull });
    const page = (await sharePage(poll.shortUrl, asShareVisitor('someone-else', freshIp()))).json();
    expect(page.poll.totalVotes).toBe(allowance);
    expect(page.poll.shareVoteMode).toBe('browser');

    // Behind the same IP, a member still votes (as themself), and a visitor elsewhere is not affected.
    expect(
      (await shareVote(poll.shortUrl, identityHeaders({ userId: newUserId(), role: 'member', ip }))).statusCode,
    ).toBe(200);
    expect((await shareVote(poll.shortUrl, asShareVisitor(`elsewhere-${ip}`, freshIp()))).statusCode).toBe(200);
    // The claims live beside the poll's counters (one hash tag) and hold no readable address.
    const claims = await svc.deps.redis.hgetall(keys.shareVoteIps(poll.id));
    expect(keys.shareVoteIps(poll.id)).toContain(`{${poll.id}}`);
    expect(Object.values(claims).map(Number).sort()).toEqual([1, allowance]);
    expect(Object.keys(claims).join()).not.toContain(ip);
    // MongoDB gets exactly the counted votes.
    await drained(svc.deps, 'polls--persist-votes');
    await until(
      async () => (await svc.app.polls.models.Vote.countDocuments({ pollId: poll.id })) === allowance + 2,
      15_000,
      'votes persisted',
    );
  });

  it("'IP başına': one vote per IP network, members included; an IPv6 client holds its whole /64", async () => {
    const created = await createShared('ip');
    expect(created.statusCode).toBe(201);
    const poll = created.json().poll;
    expect(poll.shareVoteMode).toBe('ip');
    const ip = freshIp();
    expect((await shareVote(poll.shortUrl, asShareVisitor(`ip-a-${ip}`, ip))).statusCode).toBe(200);
    const again = await shareVote(poll.shortUrl, asShareVisitor(`ip-b-${ip}`, ip));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ip_already_voted', message: S.shareVoteIpUsed });
    expect(
      (await shareVote(poll.shortUrl, identityHeaders({ userId: newUserId(), role: 'member', ip }))).statusCode,
    ).toBe(409);

    expect((await shareVote(poll.shortUrl, asShareVisitor('v6-a', '2001:db8:7:1::1'))).statusCode).toBe(200);
    expect((await shareVote(poll.shortUrl, asShareVisitor('v6-b', '2001:db8:7:1:ffff:1:2:3'))).statusCode).toBe(409);
    expect((await shareVote(poll.shortUrl, asShareVisitor('v6-c', '2001:db8:7:2::1'))).statusCode).toBe(200);
    // The same visitor again is the usual duplicate, and the IPv4-mapped form is the IPv4 address.
    expect((await shareVote(poll.shortUrl, asShareVisitor(`ip-a-${ip}`, ip))).json().error).toBe('already_voted');
    expect((await shareVote(poll.shortUrl, asShareVisitor('mapped', `::ffff:${ip}`))).statusCode).toBe(409);
    expect((await sharePage(poll.shortUrl, asShareVisitor('reader', freshIp()))).json().poll.totalVotes).toBe(3);
  });

  it("'Yalnızca üyeler': a visitor is asked to sign in and counts for nothing; a member votes", async () => {
    const created = await createShared('members');
    expect(created.statusCode).toBe(201);
    const poll = created.json().poll;
    const ip = freshIp();
    const page = (await sharePage(poll.shortUrl, asShareVisitor(`m-${ip}`, ip))).json();
    expect(page.poll.shareVoteMode).toBe('members');
    const visitor = await shareVote(poll.shortUrl, asShareVisitor(`m-${ip}`, ip));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'members_only', message: S.shareVoteMembersOnly });
    const cookieless = await shareVote(poll.shortUrl, identityHeaders({ ip }));
    expect(cookieless.json().error).toBe('members_only');
    const member = await shareVote(poll.shortUrl, identityHeaders({ userId: newUserId(), role: 'member', ip }), 1);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ totalVotes: 1, voteCounts: { '0': 0, '1': 1 } });
    expect((await sharePage(poll.shortUrl, asShareVisitor('reader', freshIp()))).json().poll.publicVotesCount).toBe(0);
  });

  it('refuses an unknown rule, or a rule on a poll without a share link, with a Turkish message and creates nothing', async () => {
    const before = await svc.app.polls.models.Poll.countDocuments({ creatorId: alice });
    const bad = await createShared('cookie');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', message: M.shareVoteMode });
    const notShared = await svc.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(alice),
      payload: { ...validPoll(), shareVoteMode: 'ip' },
    });
    expect(notShared.statusCode).toBe(400);
    expect(notShared.json()).toMatchObject({ error: 'validation', message: M.shareVoteModeOnlyShareable });
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: alice })).toBe(before);
    // A poll without a share link carries no rule.
    expect((await createPoll(svc.app, alice)).shareVoteMode).toBeUndefined();
  });

  it('keeps share links made before the rule existed on the default rule', async () => {
    const poll = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
    await svc.app.polls.models.Poll.updateOne({ _id: poll.id }, { $unset: { shareVoteMode: 1 } });
    await svc.app.polls.polls.forgetMeta(poll.id);
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < limits.poll.shareVotesPerIp + 1; i++)
      statuses.push((await shareVote(poll.shortUrl!, asShareVisitor(`old-${ip}-${i}`, ip))).statusCode);
    expect(statuses.at(-1)).toBe(403);
    expect((await sharePage(poll.shortUrl!, asShareVisitor('reader', freshIp()))).json().poll.shareVoteMode).toBe(
      'browser',
    );
  });
});
