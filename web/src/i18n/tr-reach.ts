/** The Turkish texts of a poll's own page (/anket/:id) and what shares it. Loaded with those screens, not the first page. */
export const trReach = {
  pollPage: {
    loading: 'Anket yükleniyor…',
    commentsHeading: 'Yorumlar',
    notFoundTitle: 'Anket bulunamadı',
    notFoundText: 'Bu anket kaldırılmış ya da bağlantı hatalı olabilir.',
    membersTitle: 'Bu anket üyelere özel',
    membersText: 'Bu anketi görmek ve oy vermek için giriş yap.',
    circleTitle: 'Bu anket bir Dost Meclisi anketi',
    circleText: 'Yalnızca oluşturanın karşılıklı takipleştiği arkadaşları görebilir.',
    loadFailedTitle: 'Anket yüklenemedi',
    loadFailedText: 'Bağlantını kontrol edip sayfayı yenile.',
    signIn: 'Giriş Yap',
    backHome: 'Ana sayfaya dön',
  },
} as const;
