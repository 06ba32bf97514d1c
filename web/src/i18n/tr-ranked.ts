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
    hint: 'En üstteki ilk tercihin. Sırayı Yukarı taşı ve Aşağı taşı düğmeleriyle değiştir; istemediğin şıkları sıralamadan çıkarabilirsin.',
    moveUp: (text: string) => `Yukarı taşı: ${text}`,
    moveDown: (text: string) => `Aşağı taşı: ${text}`,
    remove: (text: string) => `Sıralamadan çıkar: ${text}`,
    add: (text: string) => `Sıralamaya ekle: ${text}`,
    /** The options left out of the ballot, under the ranking. */
    leftOut: 'Sıralamadan çıkardıkların',
    /** Shown while nothing is ranked (the vote button is off). */
    noneRanked: 'Oy vermek için en az bir şıkkı sırala.',
    place: (n: number) => `${n}.`,
    /** Said to a screen reader after a move. */
    moved: (text: string, n: number) => `${text} artık ${n}. sırada`,
    /** Said to a screen reader after an option is left out or ranked again. */
    removed: (text: string) => `${text} sıralamadan çıkarıldı`,
    added: (text: string, n: number) => `${text} ${n}. sıraya eklendi`,
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
