import { formatCount } from './count';

/**
 * Changing or taking back a vote and the flows (issue 38): the create form's switch, the bar under a voted poll, the
 * flows panel. Apart from tr-polls so that the first view of / carries none of it (each part loads on demand).
 */
export const trVoteChange = {
  create: {
    allowVoteChange: 'Oyunu değiştirebilsin',
    allowVoteChangeHint:
      'Oy verenler anket açıkken oylarını başka seçeneğe taşıyabilir ya da geri çekebilir. Kapalıysa oy kesindir.',
  },
  /** Changing or taking back a vote on a poll that allows it (features/polls/VoteChangeBar). */
  bar: {
    note: 'Bu ankette oyunu anket bitene kadar değiştirebilir ya da geri çekebilirsin.',
    change: 'Oyumu değiştir',
    takeBack: 'Oyumu geri çek',
    legend: 'Yeni seçimin',
    save: 'Değişikliği kaydet',
    cancel: 'Vazgeç',
    pickOther: 'Oyunu değiştirmek için şu anki seçiminden farklı bir seçim yap.',
    changedTitle: 'Oyun değiştirildi',
    takenBackTitle: 'Oyun geri çekildi',
    failedTitle: 'Oyun değiştirilemedi',
    failedText: 'Bir şeyler ters gitti, tekrar dene.',
  },
  /** How opinion moved on a poll that allows changing a vote (features/polls/FlowsPanel): counts only, never who. */
  flows: {
    heading: 'Oy akışları',
    description: 'Oyunu değiştirenler hangi seçenekten hangisine geçti (kim olduğu gösterilmez).',
    move: (from: string, to: string, n: number) =>
      `«${from}» seçeneğinden «${to}» seçeneğine ${formatCount(n)} kişi geçti`,
    takenBack: (from: string, n: number) => `«${from}» seçeneğinden ${formatCount(n)} kişi oyunu geri çekti`,
    again: (to: string, n: number) =>
      `${formatCount(n)} kişi oyunu geri çektikten sonra yeniden «${to}» seçeneğine verdi`,
    total: (n: number) => `Toplam ${formatCount(n)} oy değişikliği`,
    none: 'Henüz kimse oyunu değiştirmedi.',
    failed: 'Oy akışları yüklenemedi',
  },
} as const;
