import { limits } from '@meydan/proto';

/**
 * Options with images (issue 41, 2): the create form's picker and alt text. Apart from tr-polls so that the feed's
 * first screen carries none of it (the cards show an image with the alt text its creator wrote).
 */
export const trOptionImages = {
  create: {
    add: 'Görsel ekle',
    addFor: (n: number) => `${n}. şıkka görsel ekle`,
    remove: (n: number) => `${n}. şıkkın görselini kaldır`,
    altLabel: (n: number) => `Görselin açıklaması (${n}. şık)`,
    altPlaceholder: 'Görselde ne var? Örn. Turuncu bir kedi yavrusu',
    altHint: 'Görmeyen okurlar görseli bu açıklamayla tanır; zorunludur.',
    uploading: 'Görsel yükleniyor…',
    preview: (n: number) => `${n}. şıkkın görseli`,
    wrongType: 'Bu dosya desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.',
    tooLarge: `Görsel dosyası çok büyük: en fazla ${limits.poll.optionImageMaxBytes / 1024 / 1024} MB olabilir.`,
    failed: 'Görsel yüklenemedi. Lütfen tekrar dene.',
    textRequired: 'Görsel eklediğin şıkkın metnini de yazmalısın',
  },
} as const;
