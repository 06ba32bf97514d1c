import { limits } from '@meydan/proto';
import { formatCount } from './count';

/**
 * The Turkish texts of a poll creator's own controls on the card (edit in the first minute, close early, results
 * file). Apart from ./tr so that they load with those controls, which only a poll's creator ever sees.
 */
export const trCreator = {
  controlsLabel: 'Anket sahibinin işlemleri',
  /** The profile list's group of a poll's controls: 'Anket sahibinin işlemleri: <title>'. */
  controlsLabelOf: (title: string) => `Anket sahibinin işlemleri: ${title}`,
  /** The edit button while the window is open: 'Düzenle (0:42)'. */
  editWithTime: (left: string) => `Düzenle (${left})`,
  editTimeLeft: (left: string) => `Düzenleme için ${left} kaldı`,
  editTitle: 'Anketi düzenle',
  editDescription: `Başlığı ve açıklamayı oluşturduktan sonraki ${formatCount(limits.poll.editWindowSeconds)} saniye içinde, ilk oy gelene kadar düzeltebilirsin. Şıklar ve süre değiştirilemez.`,
  /** A scheduled poll before its opening: its options may change too. */
  editDescriptionUpcoming:
    'Anket oylamaya açılana kadar başlığı, açıklamayı ve şıkları düzeltebilirsin. Süre ve başlangıç zamanı değiştirilemez.',
  /** A scheduled poll whose options carry images, before its opening: the images follow the options, which stay. */
  editDescriptionWithImages:
    'Anket oylamaya açılana kadar başlığı ve açıklamayı düzeltebilirsin. Görselli şıklar, süre ve başlangıç zamanı değiştirilemez.',
  optionsLegend: 'Şıklar',
  optionLabel: (n: number) => `${n}. şık`,
  addOption: 'Şık ekle',
  removeOption: (n: number) => `${n}. şıkkı kaldır`,
  titleLabel: 'Başlık',
  descriptionLabel: 'Açıklama (isteğe bağlı)',
  save: 'Kaydet',
  saved: 'Anket güncellendi',
  editFailed: 'Anket güncellenemedi',
  close: 'Sonlandır',
  closeLabelOf: (title: string) => `Sonlandır: ${title}`,
  editLabelOf: (left: string, title: string) => `Düzenle (${left}): ${title}`,
  closeTitle: 'Anket sonlandırılsın mı?',
  closeText: 'Anket şimdi sona erer: artık kimse oy veremez ve sonuçlar açılır. Bu işlem geri alınamaz.',
  closeConfirm: 'Evet, sonlandır',
  closed: 'Anket sonlandırıldı',
  closedText: 'Oy verenlere sonuç bildirildi.',
  closeFailed: 'Anket sonlandırılamadı',
  resultsCsv: 'Sonuçları indir (CSV)',
  resultsXlsx: 'Sonuçları indir (Excel)',
  /** The 'düzenlendi' mark's hover text on the share page and the profile's list. */
  editedAt: (when: string) => `Anket sahibi tarafından ${when} tarihinde, ilk oydan önce düzenlendi`,
} as const;
