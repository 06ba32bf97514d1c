import { escapeHtml } from '@meydan/kit';
import { contactStageLabels, contactStages, contactSubjectLabels, type ContactSubject } from '@meydan/proto';

const frame = (
  inner: string,
) => `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px">${inner}</div></body></html>`;

const stagesLine = contactStages.map((s) => contactStageLabels[s]).join(' → ');

export interface TicketFacts {
  ticketNumber: string;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  userId: string | null;
}

/** The support inbox's copy of a contact message. */
export function supportMail(t: TicketFacts) {
  const label = contactSubjectLabels[t.subject];
  const subject = `[${t.ticketNumber}] ${label}: ${t.name}`.slice(0, 300);
  const sender = t.userId ? `${t.name} <${t.email}> (üye ${t.userId})` : `${t.name} <${t.email}> (ziyaretçi)`;
  const text = [`Talep: ${t.ticketNumber}`, `Konu: ${label}`, `Gönderen: ${sender}`, '', t.message].join('\n');
  const html =
    frame(`<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(t.ticketNumber)} · ${escapeHtml(label)}</h1>
<p style="color:#555">Gönderen: ${escapeHtml(sender)}</p>
<pre style="white-space:pre-wrap;font-family:inherit;background:#f4f4f5;border-radius:8px;padding:12px">${escapeHtml(t.message)}</pre>`);
  return { subject, text, html };
}

/**
 * The sender's receipt: the ticket number and its stages. It never repeats the message, so the form cannot be
 * used to send someone else a text of the sender's choosing.
 */
export function receiptMail(t: Pick<TicketFacts, 'ticketNumber' | 'name' | 'subject'>, replyHours: number) {
  const label = contactSubjectLabels[t.subject];
  const subject = `Mesajınızı aldık (${t.ticketNumber})`;
  const text = [
    `Merhaba ${t.name},`,
    '',
    `"${label}" konulu mesajınız bize ulaştı. Talep numaranız: ${t.ticketNumber}`,
    `Talebinizin aşamaları: ${stagesLine}. Şu anki aşama: ${contactStageLabels.yeni}.`,
    `Ortalama ${replyHours} saat içinde size dönüş yapıyoruz. Yazışmalarınızda talep numaranızı belirtmeniz yeterli.`,
    '',
    'Bu mesajı siz göndermediyseniz bu e-postayı yok sayabilirsiniz.',
    '',
    'Meydan Destek',
  ].join('\n');
  const html = frame(`<h1 style="font-size:20px;margin:0 0 12px">Merhaba ${escapeHtml(t.name)},</h1>
<p>"${escapeHtml(label)}" konulu mesajınız bize ulaştı. Talep numaranız: <strong>${escapeHtml(t.ticketNumber)}</strong></p>
<p>Talebinizin aşamaları: ${escapeHtml(stagesLine)}. Şu anki aşama: <strong>${contactStageLabels.yeni}</strong>.</p>
<p>Ortalama ${replyHours} saat içinde size dönüş yapıyoruz. Yazışmalarınızda talep numaranızı belirtmeniz yeterli.</p>
<p style="color:#888;font-size:13px">Bu mesajı siz göndermediyseniz bu e-postayı yok sayabilirsiniz.</p>`);
  return { subject, text, html };
}

/** The double opt-in mail: a confirmation link (single use) and the unsubscribe link every newsletter mail carries. */
export function newsletterConfirmMail(confirmLink: string, unsubscribeLink: string, hours: number) {
  const subject = 'Meydan bülten aboneliğini onayla';
  const text = [
    'Merhaba,',
    '',
    'Meydan bültenine abone olmak için bu adres girildi. Aboneliğini onaylamak için aşağıdaki bağlantıyı aç:',
    confirmLink,
    '',
    `Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; onaylamadığın sürece sana bülten gönderilmez.`,
    '',
    `Abonelikten çıkmak için: ${unsubscribeLink}`,
    '',
    'Meydan',
  ].join('\n');
  const html = frame(`<h1 style="font-size:20px;margin:0 0 12px">Bülten aboneliğini onayla</h1>
<p>Meydan bültenine abone olmak için bu adres girildi. Onaylamak için aşağıdaki düğmeye tıkla.</p>
<p style="margin:24px 0"><a href="${escapeHtml(confirmLink)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Aboneliğimi onayla</a></p>
<p style="color:#555;font-size:14px">Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. Düğme çalışmazsa bu adresi tarayıcına yapıştır:<br><a href="${escapeHtml(confirmLink)}">${escapeHtml(confirmLink)}</a></p>
<p style="color:#888;font-size:13px">Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; onaylamadığın sürece sana bülten gönderilmez.<br><a href="${escapeHtml(unsubscribeLink)}">Abonelikten çık</a></p>`);
  return { subject, text, html };
}
