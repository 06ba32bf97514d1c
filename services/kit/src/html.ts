/** Escapes text for HTML (mails and the small server-rendered pages). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The path parameters of a mailed link (`/…/{token}`): the token it carries. */
export const mailedTokenParams = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** The OpenAPI response of a route answering with such a page (a link opened from a mail). */
export const htmlPageResponse = {
  description: 'HTML sayfası',
  content: { 'text/html': { schema: { type: 'string' } } },
} as const;

/**
 * A small server-rendered page in Meydan's colours, for links opened from a mail (activation, newsletter
 * confirmation). `title` is escaped; `body` is HTML the caller built from escaped parts.
 */
export function htmlPage(title: string, body: string, status: 'ok' | 'error'): string {
  const accent = status === 'ok' ? '#22c55e' : '#f97316';
  return `<!doctype html><html lang="tr" data-theme="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Meydan</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0f1115;color:#f4f4f5;display:grid;place-items:center;min-height:100vh}
main{max-width:460px;margin:24px;padding:32px;border-radius:16px;background:#181b22;border:1px solid #2a2f3a}
h1{font-size:24px;margin:0 0 12px;color:${accent}}p{line-height:1.5;color:#c9ccd3}
a.button,button{display:inline-block;margin-top:16px;padding:10px 18px;border-radius:10px;border:0;background:#f97316;color:#111;font-weight:700;text-decoration:none;cursor:pointer;font-size:15px}
input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #2a2f3a;background:#0f1115;color:#f4f4f5;margin-top:8px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
