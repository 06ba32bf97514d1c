/**
 * "Şifremi unuttum": a mailed single-use link (one hour) opens the SPA's /sifre-sifirla page, whose form posts
 * the new password; that revokes every session and API token of the account.
 */
import { limits, userMessages, type ResetPasswordBody } from '@meydan/proto';
import { HttpError, ipNetwork } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { passwordResetMail } from '../domain/mail.js';
import { hashPassword, randomToken, sha256 } from '../domain/secrets.js';
import { accountDocById, activeAccountByEmail, saveResetPassword } from '../store/accounts.js';
import {
  claimPasswordReset,
  createPasswordReset,
  passwordResetByHash,
  usePasswordResets,
} from '../store/password-resets.js';
import { Counter } from '../store/throttle.js';
import { requestMail } from './announcements.js';
import type { Caller } from './caller.js';
import { revokeEverything } from './revocation.js';

const RESET_HOURS = limits.auth.passwordResetHours;

type Resets = Pick<AuthContext, 'config' | 'redis' | 'bus' | 'models' | 'mongo'>;

/** Mails the address's active account a reset link, within the per-address and per-network limits; nothing otherwise. */
export async function requestPasswordReset(ctx: Resets, email: string, caller: Caller): Promise<void> {
  const { config, redis } = ctx;
  const emailLower = email.trim().toLowerCase();
  const [byAddress, byIp] = await Promise.all([
    new Counter(redis, 'reset-address', 3600).hit(emailLower),
    new Counter(redis, 'reset-ip', 3600).hit(ipNetwork(caller.ip)),
  ]);
  if (byAddress > (config.RESET_MAILS_PER_ADDRESS ?? 3) || byIp > (config.RESET_MAILS_PER_IP ?? 10)) {
    caller.log.info({ reqId: caller.requestId }, 'password-reset mail throttled');
    return;
  }
  // A banned account gets no link: its login is refused whatever its password.
  const user = await activeAccountByEmail(ctx, emailLower);
  if (!user) return;
  const token = randomToken();
  const userId = user._id.toString();
  await createPasswordReset(ctx, userId, sha256(token), new Date(Date.now() + RESET_HOURS * 3600_000));
  const link = `${config.PUBLIC_ORIGIN}/sifre-sifirla?token=${encodeURIComponent(token)}`;
  await requestMail(
    ctx,
    { to: user.email, ...passwordResetMail(user.displayName, link, RESET_HOURS), tag: 'password-reset', userId },
    { requestId: caller.requestId, msgId: `mail:password-reset:${sha256(token)}` },
  );
}

/** The link's new password: 410 for a used or expired link, 404 for an unknown one; every way in ends. */
export async function resetPassword(
  ctx: Resets & Pick<AuthContext, 'sessions'>,
  { token, password }: ResetPasswordBody,
  caller: Pick<Caller, 'requestId'>,
): Promise<void> {
  const tokenHash = sha256(token);
  const now = new Date();
  const { claimed, first } = await claimPasswordReset(ctx, tokenHash, RESET_HOURS * 3600, now);
  if (!claimed) {
    const known = await passwordResetByHash(ctx, tokenHash);
    if (known?.usedAt || (known && !first)) throw new HttpError(410, 'reset_link_used', userMessages.resetLinkUsed);
    if (known) throw new HttpError(410, 'reset_link_expired', userMessages.resetLinkExpired);
    throw new HttpError(404, 'reset_link_invalid', userMessages.resetLinkInvalid);
  }
  const user = await accountDocById(ctx, claimed.userId);
  if (!user) throw new HttpError(404, 'reset_link_invalid', userMessages.resetLinkInvalid);
  await saveResetPassword(user, await hashPassword(password));
  await usePasswordResets(ctx, claimed.userId, now);
  await revokeEverything(ctx, claimed.userId, caller.requestId);
  await new Counter(ctx.redis, 'login-account', ctx.config.LOGIN_FAILURE_WINDOW_S ?? 900).reset(user.emailLower);
}
