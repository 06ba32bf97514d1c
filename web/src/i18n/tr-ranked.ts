/**
 * Ranked choice ('Sıralamalı oy', issue 41, 1): the create form's switch, the card's ranking ballot and its result as
 * instant-runoff rounds. Apart from tr-polls so that a card of another kind carries none of it.
 */
export const trRanked = {
  create: {
    ranked: 'Sıralamalı oy',
    rankedHint:
      'Oy verenler şıkları tercih sırasına dizer. Sonuç turlarla belirlenir: her turda en az oyu alan şık elenir ve oyları sıradaki tercihe geçer. Oy kesindir.',
  },
  ballot: {
    legend: 'Şıkları tercih sırana diz',
    hint: 'En üstteki ilk tercihin. Sırayı Yukarı taşı ve Aşağı taşı düğmeleriyle değiştir.',
    moveUp: (text: string) => `Yukarı taşı: ${text}`,
    moveDown: (text: string) => `Aşağı taşı: ${text}`,
    place: (n: number) => `${n}.`,
    /** Said to a screen reader after a move. */
    moved: (text: string, n: number) => `${text} artık ${n}. sırada`,
    submit: 'Oy ver',
  },
  result: {
    title: 'Sıralamalı oy sonucu',
    round: (n: number) => `${n}. tur`,
    votes: (n: number) => `${n} oy`,
    eliminated: 'elendi',
    exhausted: (n: number) => `${n} oy tükendi (sıraladığı şıkların hepsi elendi)`,
    /** `share`: the winner's share of the deciding round, formatted ('%55,6'). */
    winner: (text: string, share: string) => `Kazanan: ${text} (${share})`,
    none: 'Henüz oy yok',
    yourRanking: 'Senin sıralaman',
  },
} as const;
