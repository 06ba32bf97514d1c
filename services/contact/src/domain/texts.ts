/** The contact service's Turkish answers (the form's validation texts are in proto's `contactMessages`). */
export const texts = {
  received: (ticketNumber: string, hours: number) =>
    `Mesajınız alındı. Talep numaranız: ${ticketNumber}. Ortalama ${hours} saat içinde size dönüş yapıyoruz.`,
  challengeInvalid: 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
  challengeUnavailable: 'Güvenlik doğrulaması şu anda yapılamıyor. Lütfen biraz sonra tekrar deneyin.',
  confirmedTitle: 'Aboneliğin onaylandı',
  confirmedBody: 'Meydan bültenine abone oldun. Yeni yazılar ve duyurular e-posta adresine gelecek.',
  invalidLinkTitle: 'Bu bağlantı geçersiz',
  invalidLinkBody:
    'Bağlantının süresi dolmuş ya da daha önce kullanılmış olabilir. Yeniden abone olmak için bülten kutusunu kullanabilirsin.',
  unsubscribedTitle: 'Abonelikten çıktın',
  unsubscribedBody: 'Meydan bülteni artık bu adrese gönderilmeyecek. Fikrini değiştirirsen yeniden abone olabilirsin.',
  backHome: 'Ana sayfaya dön',
} as const;
