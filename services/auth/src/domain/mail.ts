import { escapeHtml } from '@meydan/kit';

/** The activation mail, HTML and text, in Turkish. */
export function activationMail(name: string, link: string, hours: number) {
  const subject = 'Meydan hesabını etkinleştir';
  const text = [
    `Merhaba ${name},`,
    '',
    "Meydan'a hoş geldin! Hesabını etkinleştirmek için aşağıdaki bağlantıyı aç:",
    link,
    '',
    `Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir.`,
    'Bu kaydı sen yapmadıysan bu e-postayı yok sayabilirsin.',
    '',
    'Meydan',
  ].join('\n');
  const html = `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">Merhaba ${escapeHtml(name)},</h1>
<p>Meydan'a hoş geldin! Hesabını etkinleştirmek için aşağıdaki düğmeye tıkla.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Hesabımı etkinleştir</a></p>
<p style="color:#555;font-size:14px">Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. Düğme çalışmazsa bu adresi tarayıcına yapıştır:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#888;font-size:13px">Bu kaydı sen yapmadıysan bu e-postayı yok sayabilirsin.</p>
</div></body></html>`;
  return { subject, text, html };
}

/** The password-reset mail, HTML and text, in Turkish. */
export function passwordResetMail(name: string, link: string, hours: number) {
  const subject = 'Meydan şifreni sıfırla';
  const text = [
    `Merhaba ${name},`,
    '',
    'Meydan hesabın için bir şifre sıfırlama isteği aldık. Yeni şifreni belirlemek için aşağıdaki bağlantıyı aç:',
    link,
    '',
    `Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. Şifren değişince tüm cihazlardaki oturumların kapanır.`,
    'Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; şifren değişmez.',
    '',
    'Meydan',
  ].join('\n');
  const html = `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">Merhaba ${escapeHtml(name)},</h1>
<p>Meydan hesabın için bir şifre sıfırlama isteği aldık. Yeni şifreni belirlemek için aşağıdaki düğmeye tıkla.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Şifremi sıfırla</a></p>
<p style="color:#555;font-size:14px">Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. Düğme çalışmazsa bu adresi tarayıcına yapıştır:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#888;font-size:13px">Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; şifren değişmez.</p>
</div></body></html>`;
  return { subject, text, html };
}

/**
 * The mail to an address someone tried to register again: registration answers the same for a taken address as for a
 * free one (no one learns who has an account), and the address's owner learns it here, with the way back in.
 */
export function accountExistsMail(name: string, loginLink: string) {
  const subject = 'Meydan: bu adresle zaten bir hesabın var';
  const text = [
    `Merhaba ${name},`,
    '',
    'Az önce bu e-posta adresiyle yeni bir Meydan hesabı açılmak istendi. Bu adresle zaten bir hesabın olduğu için yeni hesap açılmadı.',
    `Sen istediysen giriş yapabilirsin: ${loginLink}`,
    "Şifreni hatırlamıyorsan giriş ekranındaki 'Şifremi unuttum' bağlantısıyla yenisini belirleyebilirsin.",
    'Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; hesabında hiçbir şey değişmedi.',
    '',
    'Meydan',
  ].join('\n');
  const html = `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">Merhaba ${escapeHtml(name)},</h1>
<p>Az önce bu e-posta adresiyle yeni bir Meydan hesabı açılmak istendi. Bu adresle zaten bir hesabın olduğu için yeni hesap açılmadı.</p>
<p style="margin:24px 0"><a href="${escapeHtml(loginLink)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Giriş yap</a></p>
<p style="color:#555;font-size:14px">Şifreni hatırlamıyorsan giriş ekranındaki 'Şifremi unuttum' bağlantısıyla yenisini belirleyebilirsin.</p>
<p style="color:#888;font-size:13px">Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; hesabında hiçbir şey değişmedi.</p>
</div></body></html>`;
  return { subject, text, html };
}

/** An administrator invited this address to the staff: the link sets the account's first password. */
export function staffInviteMail(name: string, role: 'moderator' | 'admin', link: string, hours: number) {
  const as = role === 'admin' ? 'yönetici' : 'moderatör';
  const subject = 'Meydan yönetim ekibine davet edildin';
  const text = [
    `Merhaba ${name},`,
    '',
    `Meydan yönetim ekibine ${as} olarak davet edildin. Şifreni belirlemek için aşağıdaki bağlantıyı aç:`,
    link,
    '',
    `Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. İlk girişte yönetim paneli bir doğrulama uygulaması (iki adımlı doğrulama) kurmanı isteyecek.`,
    'Bu daveti beklemiyorsan bu e-postayı yok sayabilirsin.',
    '',
    'Meydan',
  ].join('\n');
  const html = `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">Merhaba ${escapeHtml(name)},</h1>
<p>Meydan yönetim ekibine ${as} olarak davet edildin. Şifreni belirlemek için aşağıdaki düğmeye tıkla.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Şifremi belirle</a></p>
<p style="color:#52525b;font-size:14px">Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir. İlk girişte yönetim paneli bir doğrulama uygulaması kurmanı isteyecek.</p>
</div></body></html>`;
  return { subject, text, html };
}
