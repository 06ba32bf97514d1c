/** The mails the admin service sends: a bulk e-mail and the notice of a ban. */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The administrator's text goes out as plain text and as escaped HTML: it is never markup. */
export function bulkMail(subject: string, body: string, name: string): { subject: string; html: string; text: string } {
  return {
    subject,
    text: `Merhaba ${name},\n\n${body}\n\nMeydan ekibi`,
    html: `<p>Merhaba ${escapeHtml(name)},</p>${paragraphs(body)}<p>Meydan ekibi</p>`,
  };
}

export function banNoticeMail(name: string, reason: string | null): { subject: string; html: string; text: string } {
  const why = reason ? `Gerekçe: ${reason}` : '';
  const text = `Merhaba ${name},\n\nMeydan hesabın bir yönetici tarafından askıya alındı. Hesabın yeniden etkinleştirilene kadar giriş yapamazsın.${
    why ? `\n\n${why}` : ''
  }\n\nBir hata olduğunu düşünüyorsan iletişim sayfasından bize yazabilirsin.\n\nMeydan ekibi`;
  return { subject: 'Meydan hesabın askıya alındı', text, html: paragraphs(text) };
}
