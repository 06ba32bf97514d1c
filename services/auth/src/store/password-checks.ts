import type { Redis } from 'ioredis';
import { limits } from '@meydan/proto';
import { HttpError, ipNetwork, type BotChallenge, type Logger } from '@meydan/kit';
import type { AuthConfig } from '../config.js';
import { verifyPassword } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { Counter } from './throttle.js';

type Checks = { config: AuthConfig; redis: Redis; loginChallenge: BotChallenge };

/** The solved bot challenge a request must carry: 403 `challenge_required` without one, `challenge_invalid` for a bad one. */
export async function requireSolvedChallenge(
  ctx: Checks,
  altcha: string | undefined,
  required: string,
  log: Pick<Logger, 'info'>,
): Promise<void> {
  if (!altcha) throw new HttpError(403, 'challenge_required', required);
  const verdict = await ctx.loginChallenge.verifySolution(altcha);
  if (!verdict.ok) {
    log.info({ reason: verdict.reason }, 'bot challenge refused');
    throw new HttpError(403, 'challenge_invalid', T.challengeInvalid);
  }
}

/**
 * The current password a signed-in member types to change it or to delete the account, checked as a login is: wrong
 * ones are counted per account and per IP (the IP's count is the failed logins' one: one budget of wrong passwords
 * per IP). After LOGIN_CHALLENGE_AFTER_FAILURES on the account a solved challenge is needed, after
 * PASSWORD_CHECK_MAX_FAILURES — or the IP's LOGIN_MAX_FAILURES_PER_IP — 429 until the window ends. A refused check
 * runs no scrypt, and each attempt is counted before its scrypt runs, so guesses sent at once cannot all slip under
 * the limits. The right password clears the account's count.
 */
export class PasswordChecks {
  private readonly accountFailures: Counter;
  private readonly ipFailures: Counter;

  constructor(private readonly ctx: Checks) {
    const window = ctx.config.LOGIN_FAILURE_WINDOW_S ?? 900;
    this.accountFailures = new Counter(ctx.redis, 'password-check-account', window);
    this.ipFailures = new Counter(ctx.redis, 'login-ip', window);
  }

  /** Resolves when `password` is the account's; otherwise throws the 403 or 429 the rules above say. */
  async verify(
    user: { id: string; passwordHash: string },
    password: string,
    request: { ip: string; altcha: string | undefined; log: Pick<Logger, 'info'> },
  ): Promise<void> {
    const { config } = this.ctx;
    const challengeAfter = config.LOGIN_CHALLENGE_AFTER_FAILURES ?? limits.auth.failuresBeforeChallenge;
    const maxFailures = config.PASSWORD_CHECK_MAX_FAILURES ?? 10;
    // By the client's network (an IPv6 /64), as logins count theirs.
    const ip = ipNetwork(request.ip);
    if ((await this.ipFailures.count(ip)) >= (config.LOGIN_MAX_FAILURES_PER_IP ?? 20))
      throw await this.tooMany(this.ipFailures, ip);
    const attempt = await this.accountFailures.hit(user.id);
    if (attempt > maxFailures) throw await this.tooMany(this.accountFailures, user.id);
    if (attempt > challengeAfter) {
      try {
        await requireSolvedChallenge(this.ctx, request.altcha, T.passwordChallengeRequired, request.log);
      } catch (err) {
        await this.accountFailures.undo(user.id); // refused before any scrypt: not a guess
        throw err;
      }
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await this.ipFailures.hit(ip);
      throw new HttpError(403, 'wrong_password', T.wrongPassword);
    }
    await this.accountFailures.reset(user.id);
  }

  private async tooMany(counter: Counter, id: string): Promise<HttpError> {
    return new HttpError(429, 'rate_limited', T.tooManyPasswordChecks, {
      'retry-after': String(await counter.ttl(id)),
    });
  }
}
