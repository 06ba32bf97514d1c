/**
 * Quiz mode ('Bilgi yarışması', issue 41, 3): the create form's switch and its correct-option marks, and the card's
 * verdict after a vote. Apart from tr-polls so that a card without a quiz carries none of it.
 */
export const trQuiz = {
  create: {
    quiz: 'Bilgi yarışması',
    quizHint:
      'Doğru şıkkı işaretle. Oy verenler oy verince doğru bilip bilmediklerini görür; doğru cevap o zamana kadar gizli kalır. Yarışmada tek seçim yapılır ve oy kesindir.',
    correctLegend: 'Doğru cevap',
    correctOption: (n: number) => `${n}. şık doğru cevap`,
    correctRequired: 'Bilgi yarışmasında doğru şıkkı işaretlemelisin',
  },
  card: {
    badge: 'Bilgi yarışması',
    beforeVote: 'Oy verince doğru bilip bilmediğini göreceksin.',
    right: 'Doğru bildin!',
    wrong: (answer: string) => `Yanlış — doğru cevap: ${answer}`,
    answer: (answer: string) => `Doğru cevap: ${answer}`,
    /** `share`: the right ballots' share, formatted ('%66,7'). */
    rightShare: (share: string) => `Doğru bilenler: ${share}`,
  },
  /** The presenter's screen (/sunum/:id): the answer hidden from the room until revealed. */
  presenter: {
    reveal: 'Doğru cevabı göster',
  },
} as const;
