/**
 * The Turkish texts of blocking and muting: the actions on a member's profile, their confirm dialogs, and the
 * settings section with the lists. The answers' own messages (what the server says) come from social.
 */
export const trHide = {
  block: 'Engelle',
  unblock: 'Engeli kaldır',
  mute: 'Sessize al',
  unmute: 'Sessizden çıkar',
  blockLabel: (name: string) => `${name} adlı üyeyi engelle`,
  unblockLabel: (name: string) => `${name} için engeli kaldır`,
  muteLabel: (name: string) => `${name} adlı üyeyi sessize al`,
  unmuteLabel: (name: string) => `${name} adlı üyeyi sessizden çıkar`,
  blockTitle: (name: string) => `${name} engellensin mi?`,
  blockText:
    'Engellediğin üye seni takip edemez, anketlerini ve profilini göremez, anketlerine yorum yapamaz. Aranızdaki takipler sona erer. Yorumları ve anketleri sana görünmez. Engellendiğini ona bildirmeyiz.',
  blockConfirm: 'Engelle',
  muteTitle: (name: string) => `${name} sessize alınsın mı?`,
  muteText:
    'Sessize aldığın üyenin anketleri ve yorumları akışlarından, aramalarından ve bildirimlerinden çıkar. Takipler sürer; o bunu fark etmez.',
  muteConfirm: 'Sessize al',
  doneTitle: 'Tamam',
  failedTitle: 'İşlem yapılamadı',
  failed: 'Lütfen biraz sonra tekrar dene.',
  settings: {
    title: 'Engellenen ve sessize alınan üyeler',
    intro:
      'Engellediğin ya da sessize aldığın üyeler burada. Bir üyenin profilinden engelleyebilir ya da sessize alabilirsin.',
    blocksHeading: 'Engellediklerin',
    mutesHeading: 'Sessize aldıkların',
    noBlocks: 'Engellediğin kimse yok.',
    noMutes: 'Sessize aldığın kimse yok.',
    loading: 'Yükleniyor...',
    loadFailed: 'Liste yüklenemedi.',
    since: (date: string) => `${date} tarihinden beri`,
  },
} as const;
