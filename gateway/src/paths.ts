/**
 * The one normal form of a request path. The gateway rewrites every URL to it before routing, so the
 * router, every guard and limit, the identity resolution and what the proxy forwards all see the same
 * path: `/%61pi//./register` is `/api/register` everywhere, never a different string to each of them.
 */

export const pathTexts = { invalid: 'İstek adresi geçersiz.' } as const;

/** Whether a request's method only reads (GET, HEAD): it has no body, changes nothing and may be repeated. */
export const readsOnly = (method: string): boolean => method === 'GET' || method === 'HEAD';

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Characters whose escaped and plain forms differ in meaning to some server on the way: refused when escaped. */
const AMBIGUOUS_ESCAPE = new Set(['/', '\\', '%', ';', '?', '#']);
/** An empty, `.` or `..` segment: a path without one (nor an escape) is in normal form already. */
const DOT_OR_EMPTY_SEGMENT = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * `path[?query]` in normal form: escapes of unreserved characters decoded, other escapes upper-cased,
 * `//` collapsed, `.` and `..` segments resolved. Null when the path is ambiguous and refused instead:
 * a malformed or non-UTF-8 escape, an escaped `/ \ % ; ? #`, a control character, a `\` or a `;`.
 */
export function normalizeUrl(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path holding a control character is refused here
  if (!rawPath.startsWith('/') || /[\\;\u0000-\u001f\u007f#]/.test(rawPath)) return null;
  // Nearly every request: nothing to decode or resolve.
  if (!rawPath.includes('%') && !DOT_OR_EMPTY_SEGMENT.test(rawPath)) return rawUrl;

  let decoded = '';
  for (let i = 0; i < rawPath.length; i++) {
    const char = rawPath[i]!;
    if (char !== '%') {
      decoded += char;
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
    const code = parseInt(hex, 16);
    const plain = String.fromCharCode(code);
    if (code < 0x20 || code === 0x7f || AMBIGUOUS_ESCAPE.has(plain)) return null;
    decoded += code < 0x80 && UNRESERVED.test(plain) ? plain : `%${hex.toUpperCase()}`;
    i += 2;
  }
  try {
    // Escapes left in place must still form valid UTF-8, or the router would fail on them later.
    decodeURIComponent(decoded);
  } catch {
    return null;
  }

  const segments: string[] = [];
  const parts = decoded.split('/').slice(1);
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    if (segment === '..') segments.pop();
    if (segment === '.' || segment === '..') {
      if (last) segments.push('');
      return;
    }
    if (segment === '' && !last) return;
    segments.push(segment);
  });
  return `/${segments.join('/')}${query}`;
}
