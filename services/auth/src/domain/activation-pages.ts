/**
 * The pages a person sees after following an activation link from a mail, from the kit's one page template. Their
 * Turkish texts live here, beside the rest of auth's catalogue (texts.ts), not in the routes.
 */
import { escapeHtml, htmlPage } from '@meydan/kit';
import { authTexts as T } from './texts.js';

const resendForm = (action: string, withEmail: boolean) =>
  `<form method="post" action="${escapeHtml(action)}">${
    withEmail ? '<label>E-posta adresin<input type="email" name="email" required></label>' : ''
  }<button type="submit">Yeni bağlantı gönder</button></form>`;

const loginButton = (label: string) => `<a class="button" href="/">${label}</a>`;

export const activationPages = {
  activated: () =>
    htmlPage(
      'Hesabın etkinleştirildi! 🎉',
      `<p>Artık giriş yapıp soru sorabilir, oy verebilirsin.</p>${loginButton("Meydan'a git ve giriş yap")}`,
      'ok',
    ),
  /** A link used once already; `resendAction` posts for a new one. */
  used: (resendAction: string) =>
    htmlPage(
      'Bu bağlantı daha önce kullanılmış',
      `<p>Etkinleştirme bağlantıları yalnızca bir kez kullanılabilir. Hesabın etkinse doğrudan giriş yapabilirsin; değilse yeni bir bağlantı iste.</p>${loginButton('Giriş yap')}${resendForm(resendAction, false)}`,
      'error',
    ),
  expired: (resendAction: string, validHours: number) =>
    htmlPage(
      'Bu bağlantının süresi dolmuş',
      `<p>Etkinleştirme bağlantıları ${validHours} saat geçerlidir. Yeni bir bağlantı isteyebilirsin.</p>${resendForm(resendAction, false)}`,
      'error',
    ),
  /** An unknown link: the form asks for the e-mail address instead. */
  invalid: (resendByEmailAction: string) =>
    htmlPage(
      'Bu bağlantı geçersiz',
      `<p>Bağlantıyı e-postadan eksiksiz kopyaladığından emin ol ya da yeni bir bağlantı iste.</p>${resendForm(resendByEmailAction, true)}`,
      'error',
    ),
  resendUnknown: () =>
    htmlPage('Bu bağlantı geçersiz', '<p>Yeni bağlantı için kayıt olduğun e-posta adresini kullan.</p>', 'error'),
  alreadyActive: () => htmlPage('Hesabın zaten etkin', `<p>Giriş yapabilirsin.</p>${loginButton('Giriş yap')}`, 'ok'),
  tooSoon: () => htmlPage('Biraz bekle', `<p>${T.tooManyResends}</p>`, 'error'),
  resent: (email: string) =>
    htmlPage(
      'Yeni bağlantı gönderildi',
      `<p>${escapeHtml(email)} adresine yeni bir etkinleştirme bağlantısı gönderdik.</p>`,
      'ok',
    ),
  onTheWay: () => htmlPage('Bağlantı yolda', `<p>${T.resendAnswer}</p>`, 'ok'),
};
