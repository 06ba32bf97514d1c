import { SESSION_COOKIE, VISITOR_COOKIE, limits } from '@meydan/proto';
import { installPromptKeys } from '../../pwa/storageKeys';
import { contactDetails } from './contact-details';
import type { LegalDocument } from './types';

const { legal, support, auth } = limits;
const law = '6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK)';

/** What Meydan keeps about its members: one list shared by the privacy policy and the KVKK notice. */
const collectedData = [
  'Hesap bilgileri: e-posta adresi, kullanıcı adı, görünen ad, biyografi, profil fotoğrafı, profilin herkese açık olup olmadığı ve şifrenin geri çevrilemeyen özeti (şifrenin kendisi hiçbir zaman saklanmaz).',
  'İçerik ve etkileşimler: oluşturduğun anketler, oyların, yorumların, beğenilerin, şikayetlerin ve takip ilişkilerin.',
  'Kişilik testi yanıtları: testi doldurmayı seçersen doğum tarihi, doğum saati, doğum yeri, cinsiyet, burç ve soru yanıtların.',
  'Bildirimler ve e-postalar: sana gönderilen bildirimler ile etkinleştirme ve bilgilendirme e-postalarının gönderim kayıtları.',
  'İletişim mesajları: iletişim formuyla gönderdiğin ad, e-posta, konu ve mesaj.',
  'Teknik kayıtlar: oturum bilgisi, IP adresi, isteklerin zamanı ve istek kimliği; kötüye kullanımı önlemek için kısa süreli hız sınırı sayaçları.',
] as const;

export const privacyPolicy: LegalDocument = {
  title: 'Gizlilik Politikası',
  lastChanged: '2026-11-25',
  intro: `Bu politika, Meydan’ı kullanırken hangi kişisel verilerini neden işlediğimizi, nasıl koruduğumuzu ve hangi haklara sahip olduğunu açıklar. Meydan, kişisel verilerini ${law} ve ilgili mevzuata uygun olarak işler.`,
  sections: [
    {
      id: 'genel-bilgiler',
      heading: 'Genel Bilgiler',
      blocks: [
        `Veri sorumlusu ${contactDetails.controller}’dir (${contactDetails.city}). Bu politika Meydan web sitesi ve yüklenebilir uygulaması için geçerlidir. Politikada önemli bir değişiklik yaptığımızda sayfanın başındaki “Son değişiklik” tarihini güncelleriz.`,
      ],
    },
    {
      id: 'ilkeler',
      heading: 'Veri Koruma İlkeleri',
      blocks: [
        'Kişisel verilerini KVKK’nın 4. maddesindeki ilkelere uygun olarak işleriz:',
        {
          list: [
            'Hukuka ve dürüstlük kurallarına uygunluk',
            'Doğru ve gerektiğinde güncel olma',
            'Belirli, açık ve meşru amaçlar için işlenme',
            'İşlendikleri amaçla bağlantılı, sınırlı ve ölçülü olma',
            'Mevzuatta öngörülen ya da amacın gerektirdiği süre kadar muhafaza edilme',
          ],
        },
      ],
    },
    {
      id: 'toplanan-veriler',
      heading: 'Toplanan Veriler',
      blocks: [
        { list: collectedData },
        'Hesap açmadan gezen ziyaretçilerden yalnızca teknik kayıtları ve, paylaşılabilir bir linkten oy verirlerse, imzalı ziyaretçi çerezini tutarız. Paylaşılabilir linkten verilen bir oy, anketin oy kuralına göre IP adresiyle de eşleştirilir: IP adresinin kendisi değil, geri çevrilemeyen anahtarlı bir özeti, yalnızca anketin oy sayaçları kadar (en geç anketin bitişinden 3 gün sonrasına kadar) tutulur ve oyla birlikte veritabanına yazılmaz.',
      ],
    },
    {
      id: 'isleme-amaclari',
      heading: 'İşleme Amaçları',
      blocks: [
        {
          list: [
            'Hesabını oluşturmak, e-posta adresini doğrulamak ve oturumunu açık tutmak',
            'Anket, oy, yorum, beğeni ve takip özelliklerini sunmak; her oyun bir kez sayılmasını sağlamak',
            'Sana bildirim ve gerekli e-postaları göndermek',
            'Kişilik testini doldurduysan sana uygun anketler önermek',
            'Kötüye kullanımı, spam’i ve bot saldırılarını önlemek, şikayetleri incelemek',
            'Destek taleplerini ve KVKK başvurularını yanıtlamak',
            'Yasal yükümlülüklerimizi yerine getirmek',
          ],
        },
        'Verilerini reklam amacıyla kullanmayız ve üçüncü kişilere satmayız.',
      ],
    },
    {
      id: 'guvenlik',
      heading: 'Güvenlik Önlemleri',
      blocks: [
        {
          list: [
            'Şifreler tek yönlü ve tuzlanmış bir özet fonksiyonuyla (scrypt) saklanır.',
            `Oturumlar sunucuda tutulur; tarayıcıdaki oturum çerezi betiklerin okuyamayacağı (httpOnly) şekilde yazılır ve en fazla ${auth.sessionDays} gün geçerlidir. Çıkış yaptığında oturum sunucuda hemen silinir.`,
            'Bir içeriği kimin görebileceğine sunucu karar verir; özel, Dost Meclisi ve paylaşılabilir anketlerin görünürlüğü her istekte denetlenir.',
            'Her hizmet yalnızca kendi veritabanına erişir; hizmetler arasındaki istekler imzalıdır.',
            'Giriş, kayıt, oy ve iletişim isteklerine hız sınırları uygulanır.',
          ],
        },
      ],
    },
    {
      id: 'haklar',
      heading: 'Kullanıcı Hakları',
      blocks: [
        'KVKK’nın 11. maddesi uyarınca;',
        {
          list: [
            'kişisel verilerinin işlenip işlenmediğini öğrenme,',
            'işlenmişse buna ilişkin bilgi talep etme,',
            'işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,',
            'eksik veya yanlış işlenmişse düzeltilmesini isteme,',
            'kişisel verilerinin silinmesini veya yok edilmesini isteme',
          ],
        },
        `haklarına sahipsin. Başvurunu ${contactDetails.privacyEmail} adresine ya da İletişim sayfasındaki formdan “KVKK talebi” konusunu seçerek iletebilirsin. Başvurular en geç ${legal.dataRequestDays} gün içinde ücretsiz olarak yanıtlanır.`,
      ],
    },
    {
      id: 'cerezler',
      heading: 'Çerez Politikası',
      blocks: [
        {
          list: [
            'Zorunlu çerezler: oturumunu açık tutan çerez ve paylaşılabilir linklerde bir tarayıcının bir kez oy vermesini sağlayan imzalı ziyaretçi çerezi.',
            'İşlevsel kayıtlar: tema tercihin ve uygulama yükleme kartının gösterilip kapatıldığı bilgisi, yalnızca tarayıcının yerel depolamasında.',
            'Analitik çerezler: kullanmıyoruz. Meydan’da üçüncü taraf izleme ya da reklam çerezi yoktur.',
          ],
        },
        'Her çerezin adı, amacı ve süresi Çerez Politikası sayfasında yazılıdır.',
      ],
    },
  ],
};

export const termsOfUse: LegalDocument = {
  title: 'Kullanım Şartları',
  lastChanged: '2026-11-16',
  intro: 'Meydan’ı kullanarak aşağıdaki şartları kabul etmiş olursun. Lütfen dikkatlice oku.',
  sections: [
    {
      id: 'genel-hukumler',
      heading: 'Genel Hükümler',
      blocks: [
        `Bu şartlar, ${contactDetails.controller} tarafından sunulan Meydan web sitesinin ve uygulamasının kullanımını düzenler. Şartları değiştirdiğimizde sayfanın başındaki “Son değişiklik” tarihini güncelleriz; önemli değişiklikleri ayrıca e-postayla duyururuz.`,
        'Meydan’a üye olmak için kayıt formunu doldurman ve e-posta adresini doğrulaman gerekir.',
      ],
    },
    {
      id: 'kullanici-yukumlulukleri',
      heading: 'Kullanıcı Yükümlülükleri',
      blocks: [
        {
          list: [
            'Kayıt sırasında ve profilinde doğru bilgi vermek',
            'Hesabının ve şifrenin güvenliğini sağlamak, hesabını başkalarıyla paylaşmamak',
            'Hesabında yetkisiz bir işlem fark edersen bize hemen bildirmek',
          ],
        },
      ],
    },
    {
      id: 'icerik-kurallari',
      heading: 'İçerik Kuralları',
      blocks: [
        'Paylaştığın anketlerden, şıklardan ve yorumlardan sen sorumlusun. İçeriklerin kişilik haklarını, fikri mülkiyet haklarını ve yasaları ihlal etmemeli; hakaret, nefret söylemi ve taciz içermemelidir.',
      ],
    },
    {
      id: 'yasak-faaliyetler',
      heading: 'Yasak Faaliyetler',
      blocks: [
        {
          list: [
            'Spam ve izinsiz reklam',
            'Sahte içerik ve yanıltıcı bilgi yaymak',
            'Bot, betik ya da çoklu hesapla oy toplamak',
            'Başka bir kişi veya kurumun kimliğine bürünmek',
            'Hizmetin güvenliğini aşmaya ya da işleyişini bozmaya çalışmak',
            'Yasa dışı her türlü kullanım',
          ],
        },
      ],
    },
    {
      id: 'fikri-mulkiyet',
      heading: 'Fikri Mülkiyet',
      blocks: [
        'Meydan’ın adı, logosu, arayüzü ve yazılımı Meydan’a aittir. Paylaştığın içeriklerin hakları sende kalır; bunları Meydan’da gösterebilmemiz için bize dünya çapında, ücretsiz ve hizmet süresince geçerli bir kullanım izni vermiş olursun.',
      ],
    },
    {
      id: 'hizmet-seviyesi',
      heading: 'Hizmet Seviyesi ve Sorumluluk Sınırları',
      blocks: [
        'Meydan’ı kesintisiz ve hatasız sunmak için çalışırız; ancak bakım, güncelleme veya elimizde olmayan nedenlerle yaşanabilecek kesintiler için garanti veremeyiz. Anket sonuçları katılımcıların görüşlerini yansıtır; bilimsel bir araştırma niteliği taşımaz.',
        'Kullanıcıların paylaştığı içeriklerden, yasaların izin verdiği ölçüde, Meydan sorumlu tutulamaz.',
      ],
    },
    {
      id: 'hesap-sonlandirma',
      heading: 'Hesabın Sonlandırılması',
      blocks: [
        'Bu şartları ihlal eden hesaplara ihlalin ağırlığına göre sırasıyla uyarı, geçici askıya alma ve kalıcı kapatma uygulanır. Askıya alınan hesabın oturumları hemen sonlandırılır.',
        `Hesabını dilediğin zaman kapatabilirsin. Silme ${legal.accountDeletionDays} gün içinde tamamlanır; bu süre içinde giriş yaparsan talebin iptal edilir.`,
      ],
    },
    {
      id: 'iletisim-ve-sikayet',
      heading: 'İletişim ve Şikayet',
      blocks: [
        `Bu şartlarla ilgili soruların ve şikayetlerin için İletişim sayfasındaki formu kullanabilir ya da ${contactDetails.supportEmail} adresine yazabilirsin. Şikayetlere ortalama ${support.complaintReplyBusinessDays} iş günü içinde dönüş yaparız.`,
      ],
    },
  ],
};

export const dataProtectionNotice: LegalDocument = {
  title: 'KVKK Aydınlatma Metni',
  lastChanged: '2026-11-16',
  intro: `Bu aydınlatma metni, ${law}’nun 10. maddesi uyarınca veri sorumlusu sıfatıyla ${contactDetails.controller} tarafından hazırlanmıştır.`,
  sections: [
    {
      id: 'veri-sorumlusu',
      heading: 'Veri Sorumlusu',
      blocks: [`${contactDetails.controller}, ${contactDetails.city}. İletişim: ${contactDetails.privacyEmail}`],
    },
    {
      id: 'islenen-veriler',
      heading: 'İşlenen Kişisel Veriler',
      blocks: [{ list: collectedData }],
    },
    {
      id: 'amaclar-ve-hukuki-sebepler',
      heading: 'İşleme Amaçları ve Hukuki Sebepler',
      blocks: [
        {
          list: [
            'Üyelik sözleşmesinin kurulması ve ifası (KVKK m. 5/2-c): hesap, oturum, anket, oy, yorum, takip ve bildirim işlemleri.',
            'Veri sorumlusunun meşru menfaati (m. 5/2-f): kötüye kullanımın ve bot saldırılarının önlenmesi, hız sınırları, güvenlik kayıtları.',
            'Hukuki yükümlülük (m. 5/2-ç): yetkili makamların talepleri ve yasal saklama yükümlülükleri.',
            'Açık rıza (m. 5/1): kişilik testinde paylaştığın doğum bilgileri ve yanıtlar; testi doldurmak isteğe bağlıdır.',
          ],
        },
      ],
    },
    {
      id: 'toplama-yontemi',
      heading: 'Toplama Yöntemi',
      blocks: [
        'Verilerin; kayıt, profil, anket ve iletişim formlarına girdiğin bilgilerden ve siteyi kullanırken sunucularımıza ulaşan isteklerden elektronik ortamda toplanır.',
      ],
    },
    {
      id: 'aktarim',
      heading: 'Aktarım',
      blocks: [
        'Kişisel verilerin satılmaz ve reklam amacıyla paylaşılmaz. Yalnızca barındırma ve e-posta gönderimi gibi hizmetleri aldığımız tedarikçilere, hizmetin gerektirdiği ölçüde ve gizlilik yükümlülüğü altında, ayrıca kanunen yetkili kamu kurumlarına aktarılabilir.',
      ],
    },
    {
      id: 'saklama',
      heading: 'Saklama Süresi',
      blocks: [
        `Hesap verilerin hesabın açık olduğu sürece saklanır; hesap kapatma talebinden sonra ${legal.accountDeletionDays} gün içinde silinir. Oturum kayıtları en fazla ${auth.sessionDays} gün, hız sınırı sayaçları birkaç dakika ile bir saat arasında tutulur.`,
      ],
    },
    {
      id: 'basvuru',
      heading: 'Haklarınız ve Başvuru',
      blocks: [
        `KVKK’nın 11. maddesindeki haklarını kullanmak için ${contactDetails.privacyEmail} adresine ya da İletişim sayfasındaki formdan “KVKK talebi” konusuyla başvurabilirsin. Başvurular en geç ${legal.dataRequestDays} gün içinde yanıtlanır.`,
      ],
    },
  ],
};

/** One cookie or local-storage entry, exactly as Meydan names it. */
export interface StoredItem {
  name: string;
  where: string;
  purpose: string;
  lifetime: string;
}

export const cookiePolicy: LegalDocument & { items: readonly StoredItem[] } = {
  title: 'Çerez Politikası',
  lastChanged: '2026-11-25',
  intro:
    'Meydan yalnızca çalışması için gereken birkaç çerez ve yerel kayıt kullanır. Reklam, analitik ya da üçüncü taraf izleme çerezi kullanmayız; bu yüzden çerez onayı istemeyiz.',
  items: [
    {
      name: SESSION_COOKIE,
      where: 'Çerez (httpOnly, SameSite=Lax)',
      purpose: 'Giriş yaptığında oturumunu tanır. Betikler okuyamaz; oturumun kendisi sunucuda tutulur.',
      lifetime: `${auth.sessionDays} gün; her girişte yenilenir, çıkışta silinir`,
    },
    {
      name: VISITOR_COOKIE,
      where: 'Çerez (httpOnly, imzalı, SameSite=Lax)',
      purpose:
        'Paylaşılabilir linkten hesapsız oy veren ziyaretçinin aynı ankete ikinci kez oy vermesini önler. Çerezi silmek yeni bir oy hakkı vermez: anketin oy kuralına göre aynı IP adresinden sayılan ziyaretçi oyları da sınırlıdır.',
      lifetime: '1 yıl',
    },
    {
      name: limits.theme.storageKey,
      where: 'Yerel depolama (localStorage)',
      purpose: 'Açık ya da koyu tema tercihini hatırlar.',
      lifetime: 'Sen silene kadar',
    },
    {
      name: installPromptKeys.shown,
      where: 'Yerel depolama (localStorage)',
      purpose: '“Uygulamayı Yükle” kartının sana bir kez gösterildiğini hatırlar.',
      lifetime: 'Sen silene kadar',
    },
    {
      name: installPromptKeys.dismissed,
      where: 'Yerel depolama (localStorage)',
      purpose:
        '“Uygulamayı Yükle” kartını kapattığını ya da yüklemeyi reddettiğini hatırlar; kart bir daha gösterilmez.',
      lifetime: 'Sen silene kadar',
    },
  ],
  sections: [
    {
      id: 'zorunlu',
      heading: 'Zorunlu Çerezler',
      blocks: [
        `Oturum (${SESSION_COOKIE}) ve ziyaretçi (${VISITOR_COOKIE}) çerezleri olmadan giriş yapamaz, paylaşılabilir linklerde oy veremezsin. Bu çerezler yalnızca Meydan’ın kendi sunucularına gönderilir.`,
        `Paylaşılabilir linkli bir anketin oy kuralını anketi açan kişi seçer: tarayıcı başına (varsayılan; her tarayıcı bir oy, aynı IP adresinden en fazla ${limits.poll.shareVotesPerIp} ziyaretçi oyu), IP başına (her IP adresinden bir oy) ya da yalnızca üyeler (ziyaretçi çerezi oy için kullanılmaz, giriş gerekir). IP adresin bu iş için çerezde değil, sunucuda geri çevrilemeyen bir özet olarak ve yalnızca anketin oy sayaçları kadar tutulur.`,
      ],
    },
    {
      id: 'yerel-kayitlar',
      heading: 'Yerel Kayıtlar',
      blocks: [
        'Tema ve uygulama yükleme kartı tercihlerin tarayıcının yerel depolamasında kalır, sunucularımıza gönderilmez. Uygulama olarak yüklediğinde, çevrimdışı açılabilmesi için uygulamanın dosyaları tarayıcı önbelleğinde (service worker) saklanır; bu önbellekte kişisel verin bulunmaz.',
      ],
    },
    {
      id: 'yonetim',
      heading: 'Çerezleri Yönetmek',
      blocks: [
        `Tarayıcının ayarlarından çerezleri ve site verilerini dilediğin zaman silebilirsin. ${SESSION_COOKIE} çerezini silersen oturumun kapanır; yerel kayıtları silersen tema varsayılana döner ve yükleme kartı yeniden gösterilebilir.`,
      ],
    },
  ],
};
