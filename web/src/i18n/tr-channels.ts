/**
 * The Turkish texts of the settings' "news beyond the app" section: Web Push to this browser and the opted-in mail
 * (a poll one voted on ended, a new follower). The answers' own messages (what the server says) come from notifications.
 */
export const trChannels = {
  title: 'Tarayıcı ve e-posta bildirimleri',
  intro: 'Oy verdiğin bir anket sonuçlandığında ya da biri seni takip ettiğinde, uygulama kapalıyken de haber al.',
  push: 'Tarayıcı bildirimleri',
  pushHint: 'Bu tarayıcıya bildirim gönderilir; başka cihazlarda ayrıca açmalısın.',
  pushUnsupported: 'Bu tarayıcı bildirimleri desteklemiyor.',
  pushBlocked:
    'Tarayıcın bu site için bildirimleri engellemiş. Site izinlerinden bildirimlere izin verip yeniden dene.',
  pushOn: 'Tarayıcı bildirimleri açıldı',
  pushOff: 'Tarayıcı bildirimleri kapatıldı',
  pushFailed: 'Tarayıcı bildirimleri açılamadı. Lütfen biraz sonra yeniden dene.',
  email: 'E-posta bildirimleri',
  emailHint: 'Hesabının e-posta adresine gönderilir; her e-postadaki bağlantıyla tek tıkla kapatabilirsin.',
  emailOn: 'E-posta bildirimleri açıldı',
  emailOff: 'E-posta bildirimleri kapatıldı',
  failedTitle: 'Hata',
  saveFailed: 'Tercihin kaydedilemedi.',
  loading: 'Yükleniyor…',
} as const;
