import { limits, type ContactSubject } from '@meydan/proto';
import { contactDetails } from './contact-details';

const { support } = limits;
const range = ([from, to]: readonly [string, string]) => `${from}-${to}`;

export interface SupportChannel {
  id: 'chat' | 'email' | 'phone';
  title: string;
  hours: string;
  responseTime: string;
  detail?: string;
}

export const supportChannels: readonly SupportChannel[] = [
  {
    id: 'chat',
    title: 'Canlı Destek',
    hours: '7/24',
    responseTime: `Ortalama ${support.liveChatMinutes[0]}-${support.liveChatMinutes[1]} dakika`,
  },
  {
    id: 'email',
    title: 'E-posta Desteği',
    hours: `Hafta içi ${range(support.emailHours)}`,
    responseTime: `Ortalama ${support.emailReplyHours} saat içinde`,
    detail: contactDetails.supportEmail,
  },
  {
    id: 'phone',
    title: 'Telefon Desteği',
    hours: `Hafta içi ${range(support.phoneHours)}`,
    responseTime: 'Anında',
    detail: contactDetails.phone,
  },
];

export interface SupportCategory {
  id: string;
  title: string;
  /** The contact form's subject chosen when a ticket is opened from this category. */
  subject: ContactSubject;
  topics: readonly string[];
}

export const supportCategories: readonly SupportCategory[] = [
  {
    id: 'genel',
    title: 'Genel Sorular',
    subject: 'genel',
    topics: ['Meydan nasıl çalışır?', 'Hesap açmadan neler yapılabilir?', 'Dost Meclisi nedir?'],
  },
  {
    id: 'teknik',
    title: 'Teknik Sorunlar',
    subject: 'teknik',
    topics: ['Etkinleştirme e-postası gelmedi', 'Bildirimler gelmiyor', 'Sayfa yüklenmiyor ya da hata veriyor'],
  },
  {
    id: 'ozellik',
    title: 'Özellik Önerileri',
    subject: 'ozellik',
    topics: ['Yeni anket türleri', 'Profil ve takip özellikleri', 'Uygulama ve bildirim önerileri'],
  },
  {
    id: 'guvenlik',
    title: 'Güvenlik ve Gizlilik/KVKK',
    subject: 'kvkk',
    topics: ['Verilerime erişmek veya sildirmek', 'Hesabımda yetkisiz işlem', 'Çerezler ve yerel kayıtlar'],
  },
];

/** The four stages a ticket goes through (informational). */
export const ticketStages = [
  { title: 'Yeni', text: 'Talebin alınır ve sana bir onay e-postası gönderilir.' },
  { title: 'İnceleniyor', text: 'Destek ekibimiz talebini inceler, gerekirse ek bilgi ister.' },
  { title: 'Çözüm Aşamasında', text: 'Sorunun çözümü üzerinde çalışılır, gelişmelerden haberdar edilirsin.' },
  { title: 'Çözüldü', text: 'Çözüm sana iletilir ve talebin kapatılır.' },
] as const;

export const responseTimes = [
  { label: 'Canlı sohbet', value: `${support.liveChatMinutes[0]}-${support.liveChatMinutes[1]} dakika` },
  { label: 'E-posta', value: `${support.emailReplyHours} saat içinde` },
  { label: 'Telefon', value: 'Anında' },
  { label: 'Karmaşık sorunlar', value: `${support.complexIssueHours} saat` },
] as const;

export const resolutionRates = [
  { label: 'İlk temasta çözüm', percent: support.resolutionRates.firstContact },
  { label: '24 saat içinde çözüm', percent: support.resolutionRates.within24h },
  { label: '48 saat içinde çözüm', percent: support.resolutionRates.within48h },
  { label: 'Müşteri memnuniyeti', percent: support.satisfactionPercent },
] as const;
