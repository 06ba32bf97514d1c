import { describe, expect, it } from 'vitest';
import { countsFromHash, voteCountsMap, voteFeedback, wholePercent, winnerIndexes } from '../src/domain/counts.js';
import { decodeCursor, encodeCursor } from '../src/domain/cursor.js';
import { ipField, ipNetwork, shareVoteRule } from '../src/domain/share-votes.js';
import { newShortCode, shortCodePattern } from '../src/domain/short-code.js';
import { feedFilter, pollVisibleTo } from '../src/domain/visibility.js';
import { mergeRanked, timelinePage, type Ranked } from '../src/domain/timeline-pages.js';

describe('poll domain', () => {
  it('makes distinct 10-character base62 share codes', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newShortCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(shortCodePattern);
  });

  it('reads counts from the Redis hash and finds winners', () => {
    expect(countsFromHash({ '0': '2', '2': '5', t: '7', pv: '1' }, 3)).toEqual({
      votes: [2, 0, 5],
      total: 7,
      visitorVotes: 1,
    });
    expect(voteCountsMap([2, 0, 5])).toEqual({ '0': 2, '1': 0, '2': 5 });
    expect(winnerIndexes([3, 5, 5])).toEqual([1, 2]);
    expect(winnerIndexes([0, 0])).toEqual([]);
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(0, 0)).toBe(0);
    expect(voteFeedback([1, 0], 0)).toBe('İlk oyu sen verdin!');
    expect(voteFeedback([1, 3], 0)).toBe('Bu seçeneği şimdilik yalnızca sen seçtin.');
    expect(voteFeedback([3, 1], 0)).toBe('Oy verenlerden 3 kişi (%75) bu seçeneği seçti.');
  });

  it('round-trips cursors and refuses forged ones', () => {
    const c = { k: 1234.5678, id: '0123456789abcdef01234567' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor('bozuk')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ k: 1, id: '{"$gt":""}' })).toString('base64url'))).toBeNull();
  });

  it('decides visibility by type, membership and mutuality', () => {
    const poll = (type: 'public' | 'private' | 'friends', isShareable = false) => ({
      type,
      creatorId: 'c',
      isShareable,
    });
    expect(pollVisibleTo(poll('public'), { userId: null })).toBe(true);
    expect(pollVisibleTo(poll('private'), { userId: null })).toBe(false);
    expect(pollVisibleTo(poll('private'), { userId: 'm' })).toBe(true);
    expect(pollVisibleTo(poll('friends'), { userId: 'm' }, ['x'])).toBe(false);
    expect(pollVisibleTo(poll('friends'), { userId: 'm' }, ['c'])).toBe(true);
    expect(pollVisibleTo(poll('public', true), { userId: 'm' })).toBe(false);
    expect(pollVisibleTo(poll('public', true), { userId: 'c' })).toBe(true);
    const visitorFeed = feedFilter({ userId: null }, [], { feed: 'trending', now: new Date(0) });
    expect(visitorFeed).toMatchObject({ isShareable: false, $and: [{ type: 'public' }, expect.anything()] });
  });

  it('takes an IPv4 address as it is (also IPv4-mapped) and an IPv6 address by its /64, keyed so no address is kept', () => {
    expect(ipNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(ipNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipNetwork('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(ipNetwork('2001:DB8:7:1:ffff:1:2:3')).toBe('2001:db8:7:1::/64');
    expect(ipNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipNetwork('::1')).toBe('0:0:0:0::/64');
    expect(ipNetwork('unknown')).toBe('unknown');
    expect(ipField('s'.repeat(32), '2001:db8:7:1::1')).toBe(ipField('s'.repeat(32), '2001:db8:7:1::2'));
    expect(ipField('s'.repeat(32), '203.0.113.7')).not.toContain('203');
  });

  it('applies the share-link vote rules', () => {
    expect(shareVoteRule('browser', false, 5)).toEqual({ allowed: true, perIp: 5 });
    expect(shareVoteRule('browser', true, 5)).toEqual({ allowed: true, perIp: null });
    expect(shareVoteRule(null, false, 5)).toEqual({ allowed: true, perIp: 5 });
    expect(shareVoteRule('ip', false, 5)).toEqual({ allowed: true, perIp: 1 });
    expect(shareVoteRule('ip', true, 5)).toEqual({ allowed: true, perIp: 1 });
    expect(shareVoteRule('members', false, 5)).toEqual({ allowed: false });
    expect(shareVoteRule('members', true, 5)).toEqual({ allowed: true, perIp: null });
  });
});

describe('timeline pages', () => {
  const id = (n: number) => n.toString(16).padStart(24, '0');
  const r = (n: number, score: number): Ranked => ({ id: id(n), score });
  // Every member's shared polls 10 and 8, ties at 5 broken by the larger id first; the circle's 9, 5 and 1.
  const shared = [r(1, 10), r(2, 8), r(4, 5), r(3, 5)];
  const circle = [r(7, 1), r(5, 9), r(6, 5)];
  const order = [id(1), id(5), id(2), id(6), id(4), id(3), id(7)];

  it('merges two ranked lists by score, then id, both descending', () => {
    expect(mergeRanked(shared, [r(5, 9), r(6, 5), r(7, 1)]).map((x) => x.id)).toEqual(order);
  });

  it('pages by number over both, counting both', () => {
    expect(timelinePage(shared.slice(0, 2), 4, circle, 2, { page: 1, cursor: null })).toEqual({
      ids: order.slice(0, 2),
      totalCount: 7,
      currentPage: 1,
    });
    expect(timelinePage(shared, 4, circle, 3, { page: 2, cursor: null })).toEqual({
      ids: order.slice(3, 6),
      totalCount: 7,
      currentPage: 2,
    });
    expect(timelinePage(shared, 4, circle, 3, { page: 4, cursor: null })).toEqual({
      ids: [],
      totalCount: 7,
      currentPage: 4,
    });
  });

  it('walks the cursors through both without a gap or a repeat, the circle’s polls filtered after the cursor', () => {
    const seen: string[] = [];
    let cursor = null as ReturnType<typeof decodeCursor>;
    for (let i = 0; i < 5; i++) {
      // The shared timeline answers only what comes after the cursor, as Redis does.
      const after = cursor
        ? shared.filter((x) => x.score < cursor!.k || (x.score === cursor!.k && x.id < cursor!.id))
        : shared;
      const page = timelinePage(after.slice(0, 3), 4, circle, 2, { cursor });
      expect(page.totalCount).toBe(7);
      seen.push(...page.ids);
      if (!page.nextCursor) break;
      cursor = decodeCursor(page.nextCursor);
    }
    expect(seen).toEqual(order);
  });
});
