import { limits } from '@meydan/proto';
import { contactDetails } from './contact-details';
import type { FaqCategory } from './types';

const { poll, legal, support } = limits;

/** The FAQ: the five categories the spec names, plus accounts and profiles. */
export const faqCategories: readonly FaqCategory[] = [
  {
    id: 'genel',
    title: 'Genel',
    items: [
      {
        question: 'Meydan nedir?',
        answer:
          'Meydan, aklındaki soruyu anket olarak sorup herkesin ne düşündüğünü görebildiğin Türkçe bir sosyal anket platformudur. Oy verebilir, yorum yapabilir, beğenebilir, paylaşabilir ve diğer üyeleri takip edebilirsin.',
      },
      {
        question: 'Hesap açmadan neler yapabilirim?',
        answer:
          'Anketleri hesap açmadan görüntüleyebilirsin. Anket oluşturmak, oy vermek, yorum yapmak ve beğenmek için kayıt olman gerekir. Tek istisna paylaşılabilir linklerdir: bu bağlantılarla gelen ziyaretçiler, anketi açan kişi “Yalnızca üyeler” kuralını seçmediyse hesapsız oy verebilir.',
      },
      {
        question: 'Meydan ücretli mi?',
        answer:
          'Hayır. Anket oluşturmak, oy vermek ve Dost Meclisi tamamen ücretsizdir. Yalnızca API erişiminde yoğun kullanım için ücretli katmanlar planlanmaktadır.',
      },
    ],
  },
  {
    id: 'anket-olusturma',
    title: 'Anket Oluşturma',
    items: [
      {
        question: 'Bir ankete kaç şık ekleyebilirim?',
        answer: `Her ankette en az ${poll.optionsMin}, en fazla ${poll.optionsMax} şık bulunur.`,
      },
      {
        question: 'Anketim ne kadar süre açık kalır?',
        answer: `Süreyi sen seçersin: en az ${poll.minDurationHours} saat, en fazla ${poll.maxExpiryDays} gün. Süre dolduğunda anket kapanır ve akıştan kalkar; dilersen süresiz bir anket de açabilirsin.`,
      },
      {
        question: 'Yayınladığım anketi düzenleyebilir miyim?',
        answer: `Başlık ve açıklama yayından sonraki ${poll.editWindowSeconds / 60} dakika içinde düzenlenebilir; şıklar ve süre ise oyların adil kalması için değiştirilemez. Yanlış bir şık eklediysen anketi silip yeniden oluşturabilirsin.`,
      },
      {
        question: 'Paylaşılabilir link nedir?',
        answer: `Akışta listelenmeyen, yalnızca bağlantıya sahip kişilerin görebildiği bir ankettir. Kimlerin oy verebileceğini anketi açarken sen seçersin: “Tarayıcı başına” (varsayılan) her tarayıcı hesap açmadan bir kez oy verir ve aynı IP adresinden en fazla ${poll.shareVotesPerIp} ziyaretçi oyu sayılır (aynı ağı paylaşan bir ev ya da ofis için); “IP başına” her IP adresinden yalnızca bir oy sayılır, üyeler dahil; “Yalnızca üyeler” seçilirse ziyaretçilerden oy vermek için giriş yapmaları istenir. Üyeler her kuralda kendi hesaplarıyla bir kez oy verir. Çerezleri silmek ya da gizli pencere açmak yeni oy hakkı vermez.`,
      },
    ],
  },
  {
    id: 'gizlilik-ve-guvenlik',
    title: 'Gizlilik ve Güvenlik',
    items: [
      {
        question: 'Kime oy verdiğimi başkaları görebilir mi?',
        answer:
          'Herkese açık, özel ve paylaşılabilir linkli anketlerde kimse hangi şıkkı seçtiğini göremez: sonuçlar yalnızca şık başına toplam olarak görünür, kaç oy verdiğin de profilinde yalnızca sana gösterilir. Dost Meclisi anketlerinde ise oyun arkadaşlarına görünür: meclisin üyeleri hangi arkadaşların oy verdiğini görür, oy veren arkadaşların Grup Analizi’nde kimin hangi şıkkı seçtiğini görür. Kart bunu oy vermeden önce söyler. Dost Meclisi anketinin sonuçlarını da yalnızca oy verenler ve anketi açan kişi görür; böylece oy vermeyen biri sayıların değişimini izleyerek kimin neyi seçtiğini çıkaramaz. Varsayılan kuralda (“Oy verince”) herkes sonuçları kendi oyunu verdikten sonra görür: oy vermeden önce kart, akış, paylaşım önizlemesi ve canlı güncellemeler yalnızca toplam oy sayısını gösterir. Anketi açan kişi sonuçları anket bitene kadar herkesten (“Anket bitince”) ya da kendisi dışındaki herkesten (“Yalnızca ben”) gizleyebilir; kart bunu söyler, anket bitince sonuçları herkes görür. Anketi açan kişi kendi anketinin sonuçlarını “Anket bitince” dışındaki her seçenekte, oy vermese de görür; “Anket bitince” seçildiyse o da anket bitince görür.',
      },
      {
        question: 'Beni rahatsız eden birini nasıl engellerim ya da sessize alırım?',
        answer:
          'Üyenin profil sayfasındaki “Engelle” ya da “Sessize al” düğmesine bas ve açılan pencerede onayla. Engellediğin üye seni takip edemez, anketlerini ve profilini göremez (ona böyle bir sayfa yokmuş gibi görünür), anketlerine yorum yapamaz; aranızdaki takipler her iki yönde sona erer ve onun anketleri ile yorumları da sana görünmez. Sessize aldığın üyenin anketleri ve yorumları akışlarından, aramalarından ve bildirimlerinden sessizce çıkar; takipler sürer ve o bunu fark etmez. Engellediklerini ve sessize aldıklarını Ayarlar sayfasındaki “Engellenen ve sessize alınan üyeler” bölümünde görür, “Engeli kaldır” ya da “Sessizden çıkar” ile geri alırsın. Aynı üyeyi ikinci kez engellemek ya da sessize almak bir şey değiştirmez; kendini engelleyemez ya da sessize alamazsın.',
      },
      {
        question: 'Şifrem nasıl saklanıyor?',
        answer:
          'Şifren hiçbir zaman düz metin olarak saklanmaz; yalnızca geri çevrilemeyen bir özeti tutulur. Oturum çerezin tarayıcıdaki betiklerin okuyamayacağı şekilde (httpOnly) yazılır.',
      },
      {
        question: 'Verilerimin silinmesini nasıl isterim?',
        answer: `${contactDetails.privacyEmail} adresine ya da İletişim formundan “KVKK talebi” konusuyla başvurabilirsin. Başvurular en geç ${legal.dataRequestDays} gün içinde yanıtlanır.`,
      },
    ],
  },
  {
    id: 'teknik-destek',
    title: 'Teknik Destek',
    items: [
      {
        question: 'Etkinleştirme e-postası gelmedi, ne yapmalıyım?',
        answer: `Önce istenmeyen (spam) klasörünü kontrol et. Etkinleştirme bağlantısı ${limits.auth.activationLinkHours} saat geçerlidir ve bir kez kullanılabilir; süresi dolmuş bir bağlantıyı açtığında sana yenisi önerilir.`,
      },
      {
        question: 'Bildirimler neden gelmiyor?',
        answer:
          'Bildirim zilinin yanında “Bağlantı Yok” yazıyorsa canlı bağlantı kurulamamıştır; sayfa bağlantıyı kendiliğinden yeniden dener. Uygulama kapalıyken haber almak için Ayarlar’daki “Tarayıcı bildirimleri” ya da “E-posta bildirimleri” anahtarını aç; tarayıcı bildirimleri için tarayıcının site izinlerinden bildirimlere izin vermelisin.',
      },
      {
        question: 'Meydan’ı uygulama olarak yükleyebilir miyim?',
        answer:
          'Evet. Destekleyen tarayıcılarda “Uygulamayı Yükle” kartı çıkar; yükledikten sonra Meydan ana ekranından kendi penceresinde açılır. Bağlantın koptuğunda da uygulamanın kabuğu açılır, yeniden bağlanınca kaldığın yerden devam edersin.',
      },
    ],
  },
  {
    id: 'topluluk-kurallari',
    title: 'Topluluk Kuralları',
    items: [
      {
        question: 'Hangi içerikler yasak?',
        answer:
          'Hakaret, nefret söylemi, taciz, spam, sahte içerik, bot kullanımı, başkasını taklit etmek ve yasalara aykırı her türlü içerik yasaktır.',
      },
      {
        question: 'Kuralları çiğneyen hesaplara ne olur?',
        answer: 'İhlalin ağırlığına göre sırasıyla uyarı, geçici askıya alma ve kalıcı kapatma uygulanır.',
      },
      {
        question: 'Uygunsuz bir anketi nasıl bildiririm?',
        answer: `Anket kartındaki “Şikayet Et” düğmesiyle bir neden seçip gönderebilirsin. Şikayetlere ortalama ${support.complaintReplyBusinessDays} iş günü içinde dönüş yapılır.`,
      },
    ],
  },
  {
    id: 'hesap-ve-profil',
    title: 'Hesap ve Profil',
    items: [
      {
        question: 'Kullanıcı adımı değiştirebilir miyim?',
        answer:
          'Hayır, kullanıcı adı kayıtta seçilir ve sonradan değiştirilemez. Görünen adını ise Ayarlar sayfasından istediğin zaman değiştirebilirsin.',
      },
      {
        question: 'Dost Meclisi’ne kimler girer?',
        answer:
          'Karşılıklı takipleştiğin, yani senin takip ettiğin ve seni takip eden kişiler Dost Meclisi’ni oluşturur.',
      },
      {
        question: 'Hesabımı nasıl kapatırım?',
        answer: `İletişim sayfasından “Hesap sorunu” konusuyla talepte bulun. Silme ${legal.accountDeletionDays} gün içinde tamamlanır; bu süre içinde giriş yaparsan talebin iptal edilir. Silinince anketlerin, yorumların ve beğenilerin kaldırılır; verdiğin oylar sonuçlardaki sayılarda kalır ama artık hesabınla hiçbir bağı olmaz.`,
      },
    ],
  },
];
