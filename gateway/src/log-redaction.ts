import type { Logger } from '@meydan/kit';

/** Paths whose last segment is a mailed secret: an activation link, a newsletter confirmation or unsubscribe link. */
const SECRET_SEGMENT = /^(\/api\/auth\/activate\/|\/api\/newsletter\/(?:confirm|unsubscribe)\/)[^/?#]+/i;
/** Query parameters that carry one (`/sifre-sifirla?token=…`, the password-reset link). */
const SECRET_PARAMETER = /([?&]token=)[^&#]*/gi;
const HIDDEN = '[gizli]';

/** The URL as it may be logged: the single-use tokens of mailed links replaced, the rest as it was. */
export function loggableUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  return url.replace(SECRET_SEGMENT, `$1${HIDDEN}`).replace(SECRET_PARAMETER, `$1${HIDDEN}`);
}

/**
 * The gateway's logger, whose every line (the access line of each request, the proxy's `source` line) logs a URL
 * without the tokens of reset, activation and newsletter links: whoever reads the logs cannot follow them.
 */
export function redactingLogger(log: Logger): Logger {
  return log.child({}, { serializers: { url: loggableUrl, source: loggableUrl } });
}
