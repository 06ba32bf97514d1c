/**
 * The bot challenge against a real Redis: solved here with altcha-lib's own solver (what the widget does in the
 * browser), cheap settings so a solve takes milliseconds.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { validate } from '@meydan/proto';
import { TEST_SECRET, infra, testLogger } from '@meydan/testing';
import { BotChallenge, connectRedis } from '@meydan/kit';

async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('bot challenge', () => {
  let redis: Redis;
  const make = (options: Partial<ConstructorParameters<typeof BotChallenge>[0]> = {}) =>
    new BotChallenge({ secret: TEST_SECRET, redis, purpose: 'login', cost: 1, attempts: [10, 200], ...options });

  beforeAll(() => {
    redis = connectRedis(infra().redisUrl, `kit-challenge-${Date.now()}`, testLogger());
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('hands out a signed challenge that expires within minutes', async () => {
    const challenge = await make().createChallenge();
    expect(validate('meydan/bot-challenge', challenge)).toMatchObject({ ok: true });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { purpose: 'login' } });
    const inSeconds = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(60);
    expect(inSeconds).toBeLessThanOrEqual(300);
  });

  it('accepts a solved challenge once and refuses the replay', async () => {
    const challenges = make();
    const payload = await solved(await challenges.createChallenge());
    expect(await challenges.verifySolution(payload)).toEqual({ ok: true });
    expect(await challenges.verifySolution(payload)).toEqual({ ok: false, reason: 'replayed' });
    // Another instance (another service process) shares the claim through Redis.
    expect(await make().verifySolution(payload)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses an expired challenge', async () => {
    const expired = make({ ttlSeconds: -5 });
    const payload = await solved(await expired.createChallenge());
    expect(await make().verifySolution(payload)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses forged challenges: changed parameters, another secret, another purpose, a wrong solution', async () => {
    const challenges = make();
    const challenge = await challenges.createChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const encode = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64');

    const longer = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
    };
    expect(await challenges.verifySolution(encode({ challenge: longer, solution }))).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const otherSecret = new BotChallenge({
      secret: 'someone-elses-secret-0123',
      redis,
      purpose: 'login',
      cost: 1,
      attempts: [10, 200],
    });
    expect(await challenges.verifySolution(await solved(await otherSecret.createChallenge()))).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const contact = make({ purpose: 'contact' });
    expect(await challenges.verifySolution(await solved(await contact.createChallenge()))).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const wrong = { ...solution!, derivedKey: solution!.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    expect(await challenges.verifySolution(encode({ challenge, solution: wrong }))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await challenges.verifySolution('bm90IGpzb24=')).toEqual({ ok: false, reason: 'malformed' });

    // None of the refusals used the challenge up.
    expect(await challenges.verifySolution(encode({ challenge, solution }))).toEqual({ ok: true });
  });
});
