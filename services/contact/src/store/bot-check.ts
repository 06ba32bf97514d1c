import type { BotChallenge, ChallengeVerdict, Logger } from '@meydan/kit';

export type BotCheckVerdict = ChallengeVerdict | { ok: false; reason: 'unavailable' };

export interface BotCheck {
  verify(token: string, ip: string | null): Promise<BotCheckVerdict>;
}

/** The self-hosted ALTCHA proof of work (the default): signed, expiring, single-use. */
export const altchaCheck = (challenge: BotChallenge): BotCheck => ({
  verify: (token) => challenge.verifySolution(token),
});

/**
 * Cloudflare Turnstile's siteverify, used instead when TURNSTILE_SECRET is set. Turnstile itself refuses a token
 * used twice (`timeout-or-duplicate`), so replay is its concern.
 */
export function turnstileCheck(secret: string, verifyUrl: string, log: Logger): BotCheck {
  return {
    async verify(token, ip) {
      const form = new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) });
      try {
        const res = await fetch(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
        if (body.success === true) return { ok: true };
        const codes = body['error-codes'] ?? [];
        return { ok: false, reason: codes.includes('timeout-or-duplicate') ? 'replayed' : 'invalid' };
      } catch (err) {
        log.error({ err }, 'turnstile siteverify unreachable');
        return { ok: false, reason: 'unavailable' };
      }
    },
  };
}
