/**
 * Quiz mode ('Bilgi yarışması', issue 41, 3): the create form's switch and its correct-option marks, and the card's
 * verdict after a vote. Apart from tr-polls so that a card without a quiz carries none of it.
 */
export const trQuiz = {
  create: {
    quiz: 'Bilgi yarışması',
    quizHint:
      'Doğru şıkkı işaretle; birden çok doğru şık varsa hepsini işaretleyebilirsin, ama en az biri yanlış kalmalı. Oy verenler oy verince doğru bilip bilmediklerini görür; doğru cevap o zamana kadar gizli kalır. Yarışmada tek seçim yapılır ve oy kesindir.',
    correctLegend: 'Doğru cevap',
    correctOption: (n: number) => `${n}. şık doğru cevap`,
    correctRequired: 'Bilgi yarışmasında doğru şıkkı işaretlemelisin',
    allCorrect: 'Bilgi yarışmasında en az bir şık yanlış olmalıdır: bütün şıkları doğru işaretleyemezsin',
  },
  card: {
    badge: 'Bilgi yarışması',
    beforeVote: 'Oy verince doğru bilip bilmediğini göreceksin.',
    right: 'Doğru bildin!',
    /** `answers`: the correct options' texts, one or more ('Yanlış — doğru cevaplar: Mars, Venüs'). */
    wrong: (answers: readonly string[]) =>
      answers.length > 1 ? `Yanlış — doğru cevaplar: ${answers.join(', ')}` : `Yanlış — doğru cevap: ${answers[0]}`,
    answer: (answers: readonly string[]) =>
      answers.length > 1 ? `Doğru cevaplar: ${answers.join(', ')}` : `Doğru cevap: ${answers[0]}`,
    /** `share`: the right ballots' share, formatted ('%66,7'). */
    rightShare: (share: string) => `Doğru bilenler: ${share}`,
  },
  /** The presenter's screen (/sunum/:id): the answer hidden from the room until revealed. */
  presenter: {
    reveal: (count: number) => (count > 1 ? 'Doğru cevapları göster' : 'Doğru cevabı göster'),
  },
} as const;
