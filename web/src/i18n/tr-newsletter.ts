/** The Turkish texts of the newsletter box (in the footer, below the fold). Loaded with it, not with the first page. */
export const trNewsletter = {
  title: 'Bültene abone ol',
  text: 'Yeni özellikler ve haftanın en çok konuşulan soruları e-posta kutunda.',
  placeholder: 'ornek@eposta.com',
  submit: 'Abone Ol',
  submitting: 'Gönderiliyor...',
  successTitle: 'Neredeyse tamam!',
  failedTitle: 'Hata',
  failedText: 'Abonelik başlatılamadı. Lütfen tekrar deneyin.',
} as const;
