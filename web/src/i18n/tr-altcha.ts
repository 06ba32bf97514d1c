/**
 * The ALTCHA widget's Turkish texts (its `tr` language), loaded with the widget (ui/altcha-widget.ts). The package's
 * own Turkish footer put the name before "tarafından korunuyor" and then the name's link again, so the widget read
 * "ALTCHA tarafından korunuyor ALTCHA": here the link is the name, once.
 */
const site = 'https://altcha.org/';
const siteLabel = 'ALTCHA (resmi web sitesi, yeni sekmede açılır)';

export const trAltcha = {
  ariaLinkLabel: siteLabel,
  cancel: 'Vazgeç',
  enterCode: 'Kodu gir',
  enterCodeAria: 'Duyduğun kodu gir. Sesi dinlemek için Boşluk tuşuna bas.',
  enterCodeFromImage: 'Devam etmek için aşağıdaki resimdeki kodu gir.',
  error: 'Doğrulama başarısız oldu. Biraz sonra yeniden dene.',
  expired: 'Doğrulamanın süresi doldu. Yeniden dene.',
  footer: `<a href="${site}" tabindex="-1" target="_blank" rel="noopener" aria-label="${siteLabel}">ALTCHA</a> ile korunuyor`,
  getAudioChallenge: 'Sesli doğrulama al',
  label: 'Robot değilim',
  loading: 'Yükleniyor...',
  reload: 'Yeniden yükle',
  verify: 'Doğrula',
  verificationRequired: 'Doğrulama gerekli!',
  verified: 'Doğrulandı',
  verifying: 'Doğrulanıyor...',
  waitAlert: 'Doğrulanıyor... lütfen bekle.',
} as const;
