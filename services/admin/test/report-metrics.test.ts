/**
 * The moderation queue on /metrics (the MeydanReportsWaiting alert's figures): the pending reports and the age of the
 * oldest, read from the read model at each scrape, so a report handled through the panel leaves them at once. Real
 * admin service and MongoDB-wire server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, type TestService } from '@meydan/testing';
import { metricsRegistry } from '@meydan/kit';
import { startAdmin, until } from './support.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** A gauge's value as a scrape now reads it (undefined when it has none). */
const scraped = async (name: string) => (await metricsRegistry.getSingleMetric(name)!.get()).values[0]?.value;

describe('admin: pending reports on /metrics', () => {
  let admin: TestService;

  beforeAll(async () => {
    admin = await startAdmin({}, { rebuilt: false });
    await admin.app.admin.models.Report.create([
      { _id: 'r-old', pollId: 'p1', reporterId: 'u1', reason: '@spam', createdAt: hoursAgo(30) },
      { _id: 'r-new', pollId: 'p1', reporterId: 'u2', reason: '@spam', createdAt: hoursAgo(1) },
      // Handled long ago: neither counted nor the oldest.
      {
        _id: 'r-done',
        pollId: 'p2',
        reporterId: 'u3',
        reason: '@hakaret',
        status: 'resolved',
        createdAt: hoursAgo(50),
      },
    ]);
  });
  afterAll(() => admin?.close());

  it('counts the pending reports and says how long the oldest has waited', async () => {
    expect(await scraped('meydan_reports_pending')).toBe(2);
    const age = (await scraped('meydan_reports_pending_oldest_age_seconds'))!;
    expect(age).toBeGreaterThanOrEqual(30 * 3600);
    expect(age).toBeLessThan(30 * 3600 + 120);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^meydan_reports_pending(\{[^}]*\})? 2$/m);
  });

  it('follows the queue as a moderator handles it: the next oldest, then none', async () => {
    const dismiss = await admin.app.inject({
      method: 'PATCH',
      url: '/api/admin/reports/r-old',
      headers: asAdmin('a1'),
      payload: { status: 'dismissed' },
    });
    expect(dismiss.statusCode, dismiss.body).toBe(200);
    // Past the one-second reading both gauges share.
    await until(
      async () => (await scraped('meydan_reports_pending')) === 1,
      5_000,
      'the dismissed report out of the count',
    );
    const age = (await scraped('meydan_reports_pending_oldest_age_seconds'))!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3600 + 120);

    const resolve = await admin.app.inject({
      method: 'PATCH',
      url: '/api/admin/reports/r-new',
      headers: asAdmin('a1'),
      payload: { status: 'resolved' },
    });
    expect(resolve.statusCode, resolve.body).toBe(200);
    await until(async () => (await scraped('meydan_reports_pending')) === 0, 5_000, 'no report pending');
    expect(await scraped('meydan_reports_pending_oldest_age_seconds')).toBe(0);
  });

  it('counts comment and member reports too, and those waiting past 24 hours', async () => {
    await admin.app.admin.models.Report.create([
      {
        _id: 'r-comment',
        kind: 'comment',
        commentId: 'c1',
        pollId: 'p1',
        userId: 'u9',
        text: 'kaba',
        reporterId: 'u1',
        reason: 'Hakaret',
        createdAt: hoursAgo(26),
      },
      { _id: 'r-member', kind: 'user', userId: 'u9', reporterId: 'u2', reason: 'Taciz', createdAt: hoursAgo(1) },
    ]);
    await until(
      async () => (await scraped('meydan_reports_pending')) === 2,
      5_000,
      'the comment and member reports counted',
    );
    expect(await scraped('meydan_reports_overdue')).toBe(1);
    expect((await scraped('meydan_reports_pending_oldest_age_seconds'))!).toBeGreaterThanOrEqual(26 * 3600);
  });
});
