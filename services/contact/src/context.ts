import { BotChallenge, baseContext, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { altchaCheck, turnstileCheck, type BotCheck } from './store/bot-check.js';
import { Subscribers } from './store/subscribers.js';
import { contactConfig, type ContactConfig } from './config.js';
import { createModels, type Models } from './model/index.js';

/** Everything the contact routes and handlers share. */
export interface ContactContext extends BaseContext<ContactConfig> {
  models: Models;
  /** Hands out the form's ALTCHA challenges (`GET /api/contact/challenge`). */
  challenge: BotChallenge;
  /** Checks the form's `turnstileToken`: the ALTCHA solution, or Turnstile's token when TURNSTILE_SECRET is set. */
  botCheck: BotCheck;
  /** The newsletter's addresses, with their confirmation and unsubscribe tokens. */
  subscribers: Subscribers;
}

export function createContext(deps: ServiceDeps): ContactContext {
  const base = baseContext(deps, contactConfig);
  const { config } = base;
  const models = createModels(deps.mongo);
  const challenge = new BotChallenge({
    secret: config.INTERNAL_SECRET,
    redis: deps.redis,
    purpose: 'contact',
    cost: config.CHALLENGE_COST ?? 1000,
  });
  return {
    ...base,
    models,
    challenge,
    botCheck: config.TURNSTILE_SECRET
      ? turnstileCheck(config.TURNSTILE_SECRET, config.TURNSTILE_VERIFY_URL ?? '', deps.log)
      : altchaCheck(challenge),
    subscribers: new Subscribers(models, config.INTERNAL_SECRET),
  };
}
