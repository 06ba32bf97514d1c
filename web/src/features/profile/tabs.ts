/** The profile's tabs in their order, by the `?sekme=` value that selects them (notification links use `takipciler`). */
export const ownTabs = [
  'anketler',
  'paylasilabilir',
  'oylar',
  'takipciler',
  'takip',
  'bildirimler',
  'ayarlar',
] as const;
export const othersTabs = ['anketler', 'takipciler', 'takip'] as const;
export type TabKey = (typeof ownTabs)[number];
