import type { Redis } from 'ioredis';
import { BotChallenge, type Bus, type Logger, type ServiceDeps } from '@meydan/kit';
import { altchaCheck, turnstileCheck, type BotCheck } from './store/bot-check.js';
import { contactConfig, type ContactConfig } from './config.js';
import { createModels, type Models } from './model/index.js';

/** Everything the contact routes and handlers share. */
export interface ContactContext {
  config: ContactConfig;
  log: Logger;
  bus: Bus;
  redis: Redis;
  models: Models;
  /** Hands out the form's ALTCHA challenges (`GET /api/contact/challenge`). */
  challenge: BotChallenge;
  /** Checks the form's `turnstileToken`: the ALTCHA solution, or Turnstile's token when TURNSTILE_SECRET is set. */
  botCheck: BotCheck;
}

export function createContext(deps: ServiceDeps): ContactContext {
  const config = contactConfig(deps.config);
  const challenge = new BotChallenge({ secret: config.INTERNAL_SECRET, redis: deps.redis, purpose: 'contact', cost: config.CHALLENGE_COST ?? 1000 });
  return {
    config,
    log: deps.log,
    bus: deps.bus,
    redis: deps.redis,
    models: createModels(deps.mongo),
    challenge,
    botCheck: config.TURNSTILE_SECRET
      ? turnstileCheck(config.TURNSTILE_SECRET, config.TURNSTILE_VERIFY_URL ?? '', deps.log)
      : altchaCheck(challenge),
  };
}
