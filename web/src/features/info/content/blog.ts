import type { BlogPost } from './types';

/** The blog's five posts, newest first; two are featured. */
export const blogPosts: readonly BlogPost[] = [
  {
    slug: 'dost-meclisi-yayinda',
    title: 'Dost Meclisi yayında: sorularını yalnızca arkadaşlarına sor',
    excerpt: 'Karşılıklı takipleştiğin arkadaşlarınla kapalı bir meclis kur, kimin ne dediğini Grup Analizi ile gör.',
    category: 'Ürün Haberleri',
    author: 'Meydan Ekibi',
    date: '2026-10-28',
    readTimeMinutes: 4,
    tags: ['dost meclisi', 'yeni özellik', 'arkadaşlar'],
    featured: true,
    content: [
      {
        blocks: [
          'Bazı sorular herkese değil, yalnızca yakın çevrene sorulur: cumartesi akşamı nerede buluşulacak, doğum günü hediyesi ne olsun, hangi dizi başlanacak. Dost Meclisi tam bu sorular için.',
        ],
      },
      {
        heading: 'Meclise kimler girer?',
        blocks: [
          'Meclisin üyelerini sen seçmezsin; takip ilişkilerin belirler. Senin takip ettiğin ve seni takip eden herkes, yani karşılıklı takipleştiğin kişiler Dost Meclisi’ndedir. Birini takipten çıkarırsan o kişi meclisten de çıkar.',
        ],
      },
      {
        heading: 'Neler farklı?',
        blocks: [
          {
            list: [
              'Meclis anketlerini yalnızca meclisin üyeleri görür ve oy verir; bu kural sunucuda uygulanır, bağlantıyı bilen biri bile göremez.',
              'Kartın üzerinde hangi arkadaşlarının oy verdiğini, kimlerin henüz beklediğini görürsün.',
              'Oy verdikten sonra Grup Analizi, genel sonuçla arkadaşlarının arasındaki dağılımı yan yana gösterir.',
            ],
          },
        ],
      },
      {
        heading: 'Nasıl başlarsın?',
        blocks: [
          '“Soru Fırlat” penceresinde anket türü olarak Dost Meclisi’ni seç. Henüz karşılıklı takipleştiğin kimse yoksa önce birkaç arkadaşını takip et; onlar da seni takip ettiğinde meclisin hazır.',
        ],
      },
    ],
  },
  {
    slug: 'iyi-anket-sorusu-nasil-yazilir',
    title: 'İyi bir anket sorusu nasıl yazılır? Yedi pratik öneri',
    excerpt: 'Net bir soru, dengeli şıklar ve doğru süre: daha çok oy ve daha anlamlı sonuçlar için küçük ipuçları.',
    category: 'İpuçları',
    author: 'Elif Aydın',
    date: '2026-10-14',
    readTimeMinutes: 6,
    tags: ['anket', 'ipucu', 'yazım'],
    featured: true,
    content: [
      {
        blocks: [
          'Meydan’da en çok oy alan sorulara baktığımızda hepsinin birkaç ortak özelliği olduğunu görüyoruz. İşte kendi sorularında hemen uygulayabileceğin yedi öneri.',
        ],
      },
      {
        heading: 'Soru',
        blocks: [
          {
            list: [
              'Tek bir şey sor. “Kahve mi çay mı, sabah mı akşam mı?” iki ayrı sorudur.',
              'Yönlendirme. “Sence de bu dizi harika değil mi?” yerine “Bu diziyi nasıl buldun?” diye sor.',
              'Kısa tut. İnsanlar akışta hızlı kaydırır; ilk satırda ne sorduğun anlaşılmalı.',
            ],
          },
        ],
      },
      {
        heading: 'Şıklar',
        blocks: [
          {
            list: [
              'Şıklar birbirini dışlasın: bir kişi ancak birine uymalı.',
              'Dengeli ol. Üç olumlu bir olumsuz şık, sonucu baştan belirler.',
              'Gerekirse “Fikrim yok” ya da “Diğer” ekle; ama altı şıkkı doldurmak zorunda değilsin.',
            ],
          },
        ],
      },
      {
        heading: 'Süre',
        blocks: [
          'Gündemdeki bir konuyu soruyorsan 6 ya da 12 saat yeterli; daha kalıcı konularda 1 hafta daha çok kişiye ulaşır. Süresiz anketler, zamanla değişen fikirleri izlemek için iyidir.',
        ],
      },
    ],
  },
  {
    slug: 'turkiye-kahvaltiyi-nasil-seviyor',
    title: 'Meydan’a sorduk: Türkiye kahvaltıyı nasıl seviyor?',
    excerpt: 'Menemen soğanlı mı olur, çay kaçıncı bardakta tazelenir? Bir ayda toplanan oyların hikâyesi.',
    category: 'Topluluk',
    author: 'Mert Yıldız',
    date: '2026-09-30',
    readTimeMinutes: 5,
    tags: ['yemek', 'topluluk', 'sonuçlar'],
    featured: false,
    content: [
      {
        blocks: [
          'Eylül boyunca “Ne Yesek?” konusunda en çok konuşulan sorular kahvaltı üzerineydi. Sonuçlar kesin bir bilimsel araştırma değil elbette; ama topluluğun zevkleri hakkında epey fikir veriyor.',
        ],
      },
      {
        heading: 'Menemen tartışması bitmedi',
        blocks: [
          'Soğanlı mı soğansız mı sorusu ayın açık ara en çok yorum alan anketi oldu. Oylar neredeyse ikiye bölündü; yorumlarda ise herkes kendi annesinin tarifini savundu.',
        ],
      },
      {
        heading: 'Çay her şeyin önünde',
        blocks: [
          'Sabah içeceği sorusunda çay, kahveye açık fark attı. İlginç olan, kahveyi seçenlerin büyük kısmının hafta içi, çayı seçenlerin ise hafta sonu oy vermesiydi.',
          'Sen de merak ettiğin bir şeyi sor: belki bir sonraki yazının konusu senin sorun olur.',
        ],
      },
    ],
  },
  {
    slug: 'meydan-uygulama-olarak-yukle',
    title: 'Meydan artık telefonunda: uygulama olarak yükle',
    excerpt: 'Meydan’ı ana ekranına ekle; kendi penceresinde açılsın, bağlantı koptuğunda da çalışmaya devam etsin.',
    category: 'Ürün Haberleri',
    author: 'Can Demir',
    date: '2026-09-12',
    readTimeMinutes: 3,
    tags: ['uygulama', 'mobil', 'yeni özellik'],
    featured: false,
    content: [
      {
        blocks: [
          'Meydan’ı bir uygulama mağazasından indirmene gerek yok: destekleyen tarayıcılarda siteyi gezerken “Uygulamayı Yükle” kartı çıkar. “Yükle”ye bastığında Meydan ana ekranına eklenir ve kendi penceresinde açılır.',
        ],
      },
      {
        heading: 'Çevrimdışıyken ne olur?',
        blocks: [
          'Uygulamanın kabuğu cihazında saklanır; metroda bağlantın koptuğunda bile Meydan açılır ve bağlantı gelince anketler yüklenir. Oylar ve yorumlar ise her zaman canlı sunucuya gider, hiçbir zaman eski bir kopyadan gösterilmez.',
        ],
      },
      {
        heading: 'Güncellemeler',
        blocks: [
          'Yeni bir sürüm yayınladığımızda ekranın köşesinde “Yeni sürüm hazır” mesajı belirir. “Yenile” demen yeterli; sayfa bir kez yenilenir ve en son sürümle devam edersin.',
          'Kartı kapatırsan bir daha göstermeyiz. Fikrini değiştirirsen tarayıcının menüsündeki “Uygulamayı yükle” seçeneğini kullanabilirsin.',
        ],
      },
    ],
  },
  {
    slug: 'verilerin-bizde-nasil-korunuyor',
    title: 'Verilerin bizde nasıl korunuyor?',
    excerpt: 'Şifreler, oturumlar ve oylar: güvenlik tarafında neler yaptığımızı sade bir dille anlattık.',
    category: 'Güvenlik',
    author: 'Zeynep Kaya',
    date: '2026-08-25',
    readTimeMinutes: 5,
    tags: ['güvenlik', 'gizlilik', 'kvkk'],
    featured: false,
    content: [
      {
        blocks: [
          'Bir anket platformunda en değerli şey güvendir: oyunun sayıldığına, fikrinin kötüye kullanılmadığına inanman gerekir. Bu yazıda perde arkasında neler yaptığımızı anlatıyoruz.',
        ],
      },
      {
        heading: 'Şifreler ve oturumlar',
        blocks: [
          'Şifreni hiçbir zaman düz metin olarak saklamayız; yalnızca geri çevrilemeyen bir özeti tutarız. Giriş yaptığında tarayıcına betiklerin okuyamadığı bir oturum çerezi yazılır. Çıkış yaptığında ya da hesap askıya alındığında oturum sunucuda hemen sonlandırılır.',
        ],
      },
      {
        heading: 'Kim neyi görebilir?',
        blocks: [
          'Bir anketi kimlerin görebileceğine tarayıcın değil sunucularımız karar verir. Dost Meclisi anketleri yalnızca karşılıklı takipleşenlere, paylaşılabilir anketler yalnızca tahmin edilemeyen bağlantıyı bilenlere gösterilir.',
        ],
      },
      {
        heading: 'Her oy bir kez',
        blocks: [
          'Her üye bir ankete yalnızca bir kez oy verebilir; hesapsız oylarda tarayıcıya imzalı bir ziyaretçi çerezi yazar, ayrıca IP başına sınır uygularız. Böylece sonuçlar bot saldırılarına karşı korunur.',
          'Verilerinle ilgili her türlü soru için Gizlilik Politikası’na ve KVKK Aydınlatma Metni’ne göz atabilir, bize İletişim sayfasından yazabilirsin.',
        ],
      },
    ],
  },
];

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug.toLowerCase());
}
