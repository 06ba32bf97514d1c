import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  createChallenge as createAltchaChallenge,
  randomInt,
  verifySolution as verifyAltchaSolution,
  type Challenge,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { limits, type BotChallenge as SignedChallenge } from '@meydan/proto';
import { hmacSign } from './hmac.js';

export interface BotChallengeOptions {
  /** The service's INTERNAL_SECRET: the HMAC keys are derived from it, so every instance agrees. */
  secret: string;
  /** The service's Redis: remembers which challenges were used. */
  redis: Redis;
  /** What the challenge is for ('login', 'contact'): one solved for one purpose is refused for another. */
  purpose: string;
  /** Seconds a challenge stays valid (default `limits.challenge.ttlSeconds`). */
  ttlSeconds?: number;
  /** PBKDF2 iterations per attempt and the range of attempts the solver needs: the work a solve costs. */
  cost?: number;
  attempts?: [number, number];
}

export type ChallengeVerdict = { ok: true } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'replayed' };

const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * ALTCHA proof-of-work challenges (altcha-lib v2): `createChallenge()` for the widget, `verifySolution(payload)`
 * for the form's `altcha` field. A challenge is signed (HMAC, so no state is kept until it is used), expires after
 * a few minutes and is accepted once: the first verification claims it in Redis (SET NX, kept as long as the
 * challenge could still be valid).
 */
export class BotChallenge {
  private readonly hmacSecret: string;
  private readonly hmacKeySecret: string;
  private readonly ttlSeconds: number;
  private readonly cost: number;
  private readonly attempts: [number, number];

  constructor(private readonly options: BotChallengeOptions) {
    const derive = (label: string) => hmacSign(options.secret, `meydan bot challenge: ${label}`);
    this.hmacSecret = derive('signature');
    this.hmacKeySecret = derive('key signature');
    this.ttlSeconds = options.ttlSeconds ?? limits.challenge.ttlSeconds;
    this.cost = options.cost ?? 1000;
    this.attempts = options.attempts ?? [1000, 4000];
  }

  /** A signed challenge, as `meydan/bot-challenge` describes it. */
  async createChallenge(): Promise<SignedChallenge> {
    const { signature, ...challenge } = await createAltchaChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      counter: randomInt(this.attempts[0], this.attempts[1]),
      deriveKey,
      data: { purpose: this.options.purpose },
      expiresAt: Math.floor(Date.now() / 1000) + this.ttlSeconds,
      hmacSignatureSecret: this.hmacSecret,
      hmacKeySignatureSecret: this.hmacKeySecret,
    });
    // altcha-lib signs whenever it is given hmacSignatureSecret, as here; an unsigned challenge could never be verified.
    if (!signature) throw new Error('the bot challenge came back unsigned');
    return { ...challenge, signature };
  }

  /** Checks the widget's payload (base64 JSON `{challenge, solution}`): signature, purpose, expiry, solution, then claims it. */
  async verifySolution(payload: string): Promise<ChallengeVerdict> {
    let decoded: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const { challenge, solution } = decoded ?? {};
    if (
      !challenge?.parameters ||
      typeof challenge.signature !== 'string' ||
      typeof solution?.counter !== 'number' ||
      typeof solution.derivedKey !== 'string'
    ) {
      return { ok: false, reason: 'malformed' };
    }
    if (challenge.parameters.algorithm !== ALGORITHM) return { ok: false, reason: 'invalid' };
    const result = await verifyAltchaSolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.hmacSecret,
      hmacKeySignatureSecret: this.hmacKeySecret,
    }).catch(() => null);
    if (result?.expired) return { ok: false, reason: 'expired' };
    // The purpose is inside the signed parameters, so checking it after the signature is enough.
    if (!result?.verified || challenge.parameters.data?.['purpose'] !== this.options.purpose)
      return { ok: false, reason: 'invalid' };
    const id = createHash('sha256').update(challenge.signature).digest('hex');
    const keepSeconds = Math.max(1, (challenge.parameters.expiresAt ?? 0) - Math.floor(Date.now() / 1000) + 60);
    const first = await this.options.redis.set(`bot-challenge:used:${id}`, '1', 'EX', keepSeconds, 'NX');
    return first === 'OK' ? { ok: true } : { ok: false, reason: 'replayed' };
  }
}
