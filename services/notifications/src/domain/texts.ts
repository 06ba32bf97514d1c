/** The Turkish texts of notifications and where a click on one leads. */

/** Shown for an actor whose name could not be read. */
export const someone = 'Bir Meydan üyesi';

const excerpt = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length <= max
    ? clean
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
};
const quoted = (title: string) => `“${excerpt(title, 80)}”`;

export const texts = {
  followed: (name: string) => `${name} seni takip etmeye başladı`,
  followRequested: (name: string) => `${name} seni takip etmek istiyor`,
  followedBack: (name: string) => `${name} seni geri takip etti, artık karşılıklı takiptesiniz`,
  votes: (count: number) => `Anketine ${count} yeni oy geldi`,
  liked: (name: string) => `${name} anketini beğendi`,
  commented: (name: string, text: string) => `${name} anketine yorum yaptı: ${quoted(text)}`,
  comments: (count: number) => `Anketine ${count} yeni yorum geldi`,
  votedPollEnded: (title: string) => `Oy verdiğin anket sonuçlandı: ${quoted(title)}`,
  votedPollsEnded: (count: number) => `Oy verdiğin ${count} anket sonuçlandı`,
  pollOpened: (title: string) => `${quoted(title)} anketi oylamaya açıldı.`,
  friendsPoll: (name: string, title: string) => `${name} Dost Meclisi'nde soruyor: ${quoted(title)}`,
  /** `runoff`: a ranked poll's winner's share (0–1) of the deciding round and the rounds it took, not its first preferences. */
  pollEnded: (
    title: string,
    voteCounts: number[],
    totalVotes: number,
    winnerIndexes: number[],
    runoff?: { share: number; rounds: number },
  ) => {
    const head = `${quoted(title)} anketin sona erdi`;
    if (totalVotes <= 0) return `${head}. Hiç oy almadı.`;
    const winners = [...new Set(winnerIndexes)].filter((i) => i >= 0).sort((a, b) => a - b);
    const total = `toplam ${totalVotes} oy`;
    if (winners.length === 0) return `${head} (${total}).`;
    if (runoff && winners.length === 1) {
      const percent = Math.round(runoff.share * 100);
      return `${head}: sıralamalı oyun ${runoff.rounds}. turunda ${winners[0]! + 1}. şık %${percent} ile kazandı (${total}).`;
    }
    if (winners.length === 1) {
      const i = winners[0]!;
      const percent = Math.round(((voteCounts[i] ?? 0) / totalVotes) * 100);
      return `${head}: ${i + 1}. şık %${percent} ile kazandı (${total}).`;
    }
    const names = winners.map((i) => `${i + 1}.`);
    const list = `${names.slice(0, -1).join(', ')} ve ${names[names.length - 1]}`;
    return `${head}: ${list} şıklar berabere kaldı (${total}).`;
  },
};

/**
 * Where a notification leads in the SPA: a poll's own page, /anket/{id} (its creator and, for a friends' circle
 * poll, the circle see it there).
 */
export const links = {
  followers: () => '/profil?sekme=takipciler',
  ownPoll: (pollId: string) => `/anket/${encodeURIComponent(pollId)}`,
  ownVotes: () => '/profil?sekme=oylar',
  friendsPoll: (pollId: string) => `/anket/${encodeURIComponent(pollId)}`,
};
