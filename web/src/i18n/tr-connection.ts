/**
 * The connection notice's Turkish texts (features/connection), apart from ./tr so that they load with the notice,
 * after the first render. "Bağlantı yok" as the notification popover's badge says it.
 */
export const trConnection = {
  offline: 'Bağlantı yok. İnternete yeniden bağlanınca sayfa kendini yeniler.',
  socketLost: 'Bağlantı yok. Canlı güncellemeler için yeniden bağlanılıyor…',
  back: 'Bağlantı geri geldi; sayfa güncellendi.',
} as const;
