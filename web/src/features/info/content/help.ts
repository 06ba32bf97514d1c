import { STAFF_SESSION_HOURS, limits } from '@meydan/proto';
import { contactDetails } from './contact-details';
import type { HelpCategory } from './types';

const mb = (bytes: number) => `${bytes / (1024 * 1024)}MB`;
const { poll, user, legal } = limits;

/** The help centre: four categories of three articles each, opened in a dialog. */
export const helpCategories: readonly HelpCategory[] = [
  {
    id: 'anket-olusturma',
    title: 'Anket Oluşturma',
    description: 'Soru fırlatmak, şıklar, süre ve paylaşım seçenekleri.',
    articles: [
      {
        id: 'ilk-anket',
        title: 'İlk anketini nasıl oluşturursun?',
        summary: 'Soru Fırlat düğmesinden birkaç adımda.',
        body: [
          'Giriş yaptıktan sonra üst menüdeki “Soru Fırlat” düğmesine bas. Açılan pencerede sorunu yaz, istersen kısa bir açıklama ekle ve sorunun konusunu seç.',
          {
            list: [
              `Soru en fazla ${poll.titleMax} karakter, açıklama en fazla ${poll.descriptionMax} karakter olabilir.`,
              `En az ${poll.optionsMin}, en fazla ${poll.optionsMax} şık ekleyebilirsin; her şık en fazla ${poll.optionMax} karakterdir.`,
              'Konu, sorunun akışta hangi başlık altında görüneceğini belirler.',
            ],
          },
          'Sonuçları kimin, ne zaman göreceğini de seçersin: “Oy verince” (her kişi kendi oyunu verdikten sonra görür, oy vermeden önce kartta sonuç yoktur; önerilen), “Her zaman” (oy vermeden önce de görünür), “Anket bitince” (anket bitene kadar kimse, sen de, göremez) ya da “Yalnızca ben” (anket bitene kadar yalnızca sen görürsün). Kendi anketinin sonuçlarını, oy vermesen de, “Anket bitince” dışındaki her seçenekte görürsün; Dost Meclisi anketinde de. Anket bitince sonuçları herkes görür.',
          '“Soruyu Fırlat” dediğinde anketin hemen yayına girer ve oylar geldikçe sonuçlar canlı olarak güncellenir (sonuçları henüz göremeyen biri için yalnızca toplam oy sayısı).',
        ],
      },
      {
        id: 'sure-ve-tur',
        title: 'Anket süresi ve görünürlük türleri',
        summary: 'Herkese açık, özel, Dost Meclisi ve süre seçimi.',
        body: [
          'Her anketin bir süresi vardır: 1 saat, 6 saat, 12 saat, 24 saat, 2 gün, 1 hafta ya da süresiz. Süre dolduğunda anket otomatik olarak kapanır ve akıştan kalkar; sonuçlar korunur.',
          {
            list: [
              'Herkese Açık: herkes görür, üyeler oy verir.',
              'Özel: yalnızca giriş yapmış üyeler görür.',
              'Dost Meclisi: yalnızca karşılıklı takipleştiğin arkadaşların görür ve oy verir.',
            ],
          },
          `Yayınladıktan sonraki ${poll.editWindowSeconds / 60} dakika içinde başlığı ve açıklamayı düzeltebilirsin; şıklar ve süre ise yayından sonra değiştirilemez.`,
        ],
      },
      {
        id: 'paylasilabilir-link',
        title: 'Paylaşılabilir link ile oy toplamak',
        summary: 'Hesabı olmayan arkadaşlarının da oy vermesi için.',
        body: [
          'Anket oluştururken “Paylaşılabilir link” seçeneğini açarsan anketin akışta listelenmez; bunun yerine sana tahmin edilemeyen kısa bir bağlantı verilir.',
          'Bu bağlantıyı açan herkes hesap açmadan bir kez oy verebilir. Aynı tarayıcıdan ikinci oyu engellemek için tarayıcıya imzalı bir ziyaretçi çerezi yazarız; ayrıntılar Çerez Politikası’nda.',
          'Bağlantıyı kaybedersen profilindeki “Paylaşılabilir anketler” sekmesinde yeniden bulabilirsin.',
        ],
      },
    ],
  },
  {
    id: 'topluluk-kurallari',
    title: 'Topluluk Kuralları',
    description: 'Meydan’ı herkes için keyifli tutan kurallar ve şikayetler.',
    articles: [
      {
        id: 'temel-kurallar',
        title: 'Meydan’ın temel kuralları',
        summary: 'Saygı, dürüstlük ve gerçek kişiler.',
        body: [
          'Meydan fikirlerin rahatça tartışıldığı bir yer; bunun için birkaç kuralımız var:',
          {
            list: [
              'Kişilere değil fikirlere itiraz et; hakaret, nefret söylemi ve taciz yasaktır.',
              'Spam, reklam, sahte içerik ve bot kullanımı yasaktır.',
              'Başkası adına hesap açmak ya da başkasını taklit etmek yasaktır.',
              'Yasalara aykırı içerik paylaşılamaz.',
            ],
          },
          'Kurallara uymayan hesaplara sırasıyla uyarı, geçici askıya alma ve kalıcı kapatma uygulanır.',
          'Kelime filtresi: yönetim ekibimiz hakaret ve nefret söylemi içeren kelimelerden bir liste tutar. Anket başlığı, şıklar, açıklama, yorumlar, görünen ad ve “hakkında” metni bu listeye göre denetlenir.',
          'Denetim büyük/küçük harfe ve Türkçe harflere bakmaz: “ş” ile “s”, “ı” ile “i”, “ğ” ile “g”, “ç” ile “c”, “ö” ile “o”, “ü” ile “u” aynı sayılır. Listedeki her ifade için ekip iki seçenekten birini belirler: “reddet” ya da “incelemeye al”. Reddedilen bir ifade geçen metin kaydedilmez: hangi alanda sorun olduğu (ör. “Başlık uygun olmayan bir ifade içeriyor”) söylenir, ifadenin kendisi tekrarlanmaz; metni değiştirip yeniden gönderebilirsin.',
          'İncelemeye alınan bir ifade geçen anket ya da yorum kaydedilir ama bir moderatör onaylayana kadar yalnızca sen görürsün; üzerinde “İncelemede: bir moderatör onaylayınca herkes görecek.” yazar. Bu sürede başkaları onu akışlarda, aramada ya da paylaşım bağlantısında bulamaz, oy veremez, beğenemez, yorum yazamaz. İlk oydan önce düzenlediğin bir anket de böyle bir ifade içeriyorsa yeniden incelemeye alınır ve onaylanana kadar yalnızca sen görürsün. Görünen ad ya da “hakkında” metni incelemeye alınırsa profilinde eski hâli görünmeye devam eder (kayıt olurken seçtiğin görünen ad incelemeye alınırsa, onaylanana kadar kullanıcı adın görünür); bekleyen metni Ayarlar’da görürsün. Moderatör onaylarsa herkes görür, kaldırırsa içerik silinir (profil metni eski hâliyle kalır). Bir metinde hem reddedilen hem incelemeye alınan ifade varsa metin reddedilir.',
          'Şikayetleri Meydan’ın yönetim ekibi inceler: moderatörler şikayetleri sonuçlandırır, içerikleri kaldırır ve kuralları çiğneyen üyeleri askıya alır; yöneticiler bunlara ek olarak ekibi, toplu duyuruları ve dışa aktarmaları yönetir. Ekibin her işlemi kimin, neye, ne zaman ve hangi gerekçeyle yaptığıyla birlikte silinemez bir işlem kaydına yazılır.',
        ],
      },
      {
        id: 'sikayet-et',
        title: 'Bir anketi ya da yorumu nasıl şikayet edersin?',
        summary: 'Şikayet Et düğmesi ve sonrasında olanlar.',
        body: [
          'Uygunsuz bulduğun bir anketin kartının altındaki bayrak simgeli “Şikayet Et” düğmesine bas (giriş yapmış olman gerekir). Bir neden seç, istersen kısa bir açıklama yaz ve gönder.',
          'Bir yorumu şikayet etmek için yorumun yanındaki bayrak simgesine (“Yorumu şikayet et”) bas. Kendi yorumunu şikayet edemezsin; aynı yorumu ya da aynı üyeyi yalnızca bir kez şikayet edebilirsin, ilk şikayetin zaten inceleniyor.',
          'Şikayetler anket, yorum ve üye şikayetleri bir arada, en uzun bekleyen en üstte olacak şekilde yönetim ekibimizin kuyruğuna düşer; her şikayetin ne kadar beklediği görülür ve 24 saati geçenler ayrıca sayılır. İnceleme sonunda içerik kaldırılabilir, hesap sahibi uyarılabilir ya da hesabı askıya alınabilir.',
          `Kullanım şartları kapsamındaki şikayetlere ortalama ${limits.support.complaintReplyBusinessDays} iş günü içinde dönüş yaparız.`,
        ],
      },
      {
        id: 'dost-meclisi-adabi',
        title: 'Dost Meclisi adabı',
        summary: 'Arkadaş çevrende soru sorarken dikkat edilecekler.',
        body: [
          'Dost Meclisi yalnızca karşılıklı takipleştiğin kişilerin gördüğü bir alan. Yine de burada paylaştıkların arkadaşlarının ekranında görünür; başkalarının özel bilgilerini soru konusu yapma.',
          'Arkadaşlarının kime oy verdiği Grup Analizi’nde yalnızca meclisin üyelerine gösterilir. Birini hedef alan ya da küçük düşüren sorular topluluk kurallarına aykırıdır ve şikayet edilebilir.',
        ],
      },
    ],
  },
  {
    id: 'hesap-ayarlari',
    title: 'Hesap Ayarları',
    description: 'Profil, bildirimler, şifre, profil fotoğrafı ve hesabın kapatılması.',
    articles: [
      {
        id: 'profil-duzenleme',
        title: 'Profilini düzenlemek',
        summary: 'Görünen ad, biyografi, fotoğraf, gizlilik; engelleme ve sessize alma; bildirimler.',
        body: [
          'Ayarlar sayfasından görünen adını, biyografini, profil fotoğrafını ve profilinin herkese açık olup olmadığını değiştirebilirsin. Kullanıcı adın sonradan değiştirilemez.',
          {
            list: [
              `Biyografi en fazla ${user.bioMax} karakterdir.`,
              `Profil fotoğrafı JPG, PNG veya GIF olmalı ve en fazla ${mb(user.avatarHelpMaxBytes)} olması önerilir; yükleme sınırı ${mb(user.avatarMaxBytes)}’tır.`,
            ],
          },
          'Seni rahatsız eden bir üyeyi profil sayfasındaki “Engelle” ya da “Sessize al” düğmesiyle, onay verdikten sonra uzak tutabilirsin:',
          {
            list: [
              'Engellediğin üye seni takip edemez, anketlerini ve profilini göremez, anketlerine yorum yapamaz; aranızdaki takipler iki yönde de sona erer. Onun anketleri ve yorumları da sana görünmez. Engellendiğini ona bildirmeyiz.',
              'Sessize aldığın üyenin anketleri ve yorumları akışlarından (Trend, Yeni, Senin İçin, Dost Meclisi, profil listeleri, etiketler), aramalarından ve bildirimlerinden çıkar. Takipler sürer ve o bunu fark etmez.',
              'Engellediklerini ve sessize aldıklarını Ayarlar sayfasındaki “Engellenen ve sessize alınan üyeler” bölümünde görürsün; “Engeli kaldır” ya da “Sessizden çıkar” ile istediğin an geri alırsın.',
            ],
          },
          'Oylar, beğeniler, yorumlar ve oy verdiğin anketlerin sonuçları için uygulama içi bildirimleri Ayarlar sayfasındaki “Gizlilik ve bildirimler” bölümünden tek tek açıp kapatabilirsin.',
          'Uygulama kapalıyken de haber almak istersen Ayarlar sayfasındaki “Tarayıcı ve e-posta bildirimleri” bölümünü kullan. İkisi de kapalı başlar ve yalnızca iki durumda gönderilir: oy verdiğin bir anket sonuçlandığında (sonuç bildirimlerin açıksa) ve biri seni takip ettiğinde.',
          {
            list: [
              '“Tarayıcı bildirimleri”ni açtığında tarayıcın izin ister; izin verirsen bildirimler o tarayıcıya gelir. Her cihazda ayrıca açmalısın; kapattığında o tarayıcının aboneliği silinir. Bildirimde yalnızca kısa bir başlık, açıklama ve tıklayınca açılacak sayfa bulunur.',
              '“E-posta bildirimleri”ni açtığında hesabının e-posta adresine gönderilir. Her e-postadaki “E-posta bildirimlerini kapat” bağlantısı, giriş yapmana gerek kalmadan tek tıkla kapatır; e-posta programının “aboneliği iptal et” düğmesi de aynı işi görür.',
              'Tarayıcın bildirimleri engellediyse tarayıcının site izinlerinden Meydan’a bildirim izni verip anahtarı yeniden açmalısın.',
            ],
          },
        ],
      },
      {
        id: 'sifre',
        title: 'Güçlü bir şifre seçmek',
        summary: 'Şifre önerileri ve oturum güvenliği.',
        body: [
          `Yeni şifren en az ${user.passwordHintMin} karakter olsun (sistem en az ${user.passwordMin} karakter ister). Harf, rakam ve işaretleri karıştır; başka sitelerde kullandığın bir şifreyi kullanma.`,
          `Giriş yaptığında tarayıcına ${limits.auth.sessionDays} gün geçerli bir oturum çerezi yazılır. Ortak bir bilgisayar kullanıyorsan işin bitince “Çıkış Yap” de; oturumun sunucuda da hemen sonlandırılır.`,
          `Yönetim ekibindeki (moderatör ya da yönetici) hesaplar şifreye ek olarak iki adımlı doğrulama kullanır: ilk girişte bir doğrulama uygulaması (TOTP) QR koduyla kurulur ve tek kullanımlık kurtarma kodları verilir; her girişte uygulamadaki 6 haneli kod istenir. Aynı kod iki kez kabul edilmez, yanlış kodlar sayılır. Ekip oturumları ${STAFF_SESSION_HOURS} saat sürer, sonra yeniden şifre ve kod istenir.`,
        ],
      },
      {
        id: 'hesap-kapatma',
        title: 'Hesabını kapatmak',
        summary: 'Silme talebi ve geri dönüş süresi.',
        body: [
          `Hesabını silmek için İletişim sayfasından “Hesap sorunu” konusuyla bize yaz ya da ${contactDetails.supportEmail} adresine e-posta gönder.`,
          `Silme işlemi ${legal.accountDeletionDays} gün içinde tamamlanır. Bu süre içinde hesabına giriş yaparsan silme talebin iptal edilir; süre dolduğunda profilin, anketlerin ve oyların kalıcı olarak silinir.`,
        ],
      },
    ],
  },
  {
    id: 'veri-ve-gizlilik',
    title: 'Veri ve Gizlilik',
    description: 'Hangi verileri tuttuğumuz ve KVKK kapsamındaki hakların.',
    articles: [
      {
        id: 'hangi-veriler',
        title: 'Hangi verilerini saklıyoruz?',
        summary: 'Hesap, içerik ve oturum verileri.',
        body: [
          'Hesabın için e-posta adresini, kullanıcı adını, görünen adını ve şifrenin geri çevrilemez bir özetini (şifrenin kendisini değil) saklarız. Bunlara ek olarak oluşturduğun anketler, oyların, yorumların, beğenilerin ve takip ilişkilerin kaydedilir.',
          'Ayrıntılı liste ve saklama süreleri Gizlilik Politikası’nda ve KVKK Aydınlatma Metni’nde yer alır.',
        ],
      },
      {
        id: 'kvkk-basvurusu',
        title: 'KVKK kapsamında başvuru',
        summary: 'Verilerine erişmek, düzeltmek veya sildirmek için.',
        body: [
          'Kişisel Verilerin Korunması Kanunu (KVKK) kapsamında verilerinin işlenip işlenmediğini öğrenme, amacını öğrenme, düzeltilmesini ve silinmesini isteme hakların vardır.',
          `Başvurunu ${contactDetails.privacyEmail} adresine ya da İletişim sayfasındaki formdan “KVKK talebi” konusunu seçerek iletebilirsin. Başvurular en geç ${legal.dataRequestDays} gün içinde yanıtlanır.`,
        ],
      },
      {
        id: 'oy-gizliligi',
        title: 'Oylarımı kimler görebilir?',
        summary: 'Sonuçlar ve Dost Meclisi’ndeki görünürlük.',
        body: [
          'Herkese açık ve özel anketlerde sonuçlar yalnızca toplam olarak gösterilir; kimin neye oy verdiği diğer kullanıcılara gösterilmez.',
          'Varsayılan olarak bir anketin sonuçlarını oy verdikten sonra görürsün; oy vermeden önce ne kartta, ne akışta, ne paylaşım önizlemesinde, ne de canlı güncellemelerde şıkların oyları görünür, yalnızca toplam oy sayısı. Anketi açan kişi sonuçları anket bitince ya da yalnızca kendisine gösterilecek şekilde gizleyebilir; o zaman kart sonuçların ne zaman görüneceğini söyler ve o ana kadar yalnızca toplam oy sayısı görünür. Anketi açan kişi kendi anketinin sonuçlarını “Anket bitince” dışındaki her seçenekte görür ve indirebilir.',
          'Dost Meclisi anketlerinde ise meclisin üyeleri, hangi arkadaşlarının oy verdiğini ve Grup Analizi’nde arkadaşların arasındaki dağılımı görebilir.',
        ],
      },
    ],
  },
];
