/**
 * Error codes with their HTTP status and the Turkish text a user reads. Services answer 4xx as
 * `{ error: code, message }`; 5xx is answered plainly with `internal` or `service_unavailable`.
 */
export const errorCatalogue = {
  validation: { status: 400, message: 'Gönderilen bilgiler geçersiz.' },
  bad_request: { status: 400, message: 'İstek okunamadı. Lütfen tekrar dene.' },
  invalid_encoding: { status: 400, message: 'Gönderilen veri geçerli bir UTF-8 metni değil.' },
  unauthorized: { status: 401, message: 'Bu işlem için giriş yapmalısın.' },
  identity_invalid: { status: 401, message: 'Kimlik bilgisi doğrulanamadı.' },
  forbidden: { status: 403, message: 'Bu sayfaya erişim yetkiniz yok.' },
  /** A staff account that has not enrolled its authenticator yet: the web sends it to enrolment. */
  mfa_enrolment_required: {
    status: 403,
    message: 'Yönetim paneline girmeden önce doğrulama uygulamanı (TOTP) kurmalısın.',
  },
  /** A staff session whose second factor is not verified (or no longer fresh): the web asks for a code. */
  mfa_required: { status: 403, message: 'Devam etmek için doğrulama uygulamandaki kodu girmelisin.' },
  /** A moderator calling what only an administrator may do. */
  admin_only: { status: 403, message: 'Bu işlemi yalnızca yöneticiler yapabilir.' },
  not_found: { status: 404, message: 'Aradığın şey bulunamadı.' },
  route_not_found: { status: 404, message: 'Böyle bir adres yok.' },
  method_not_allowed: { status: 405, message: 'Bu adres bu istek yöntemiyle kullanılamaz.' },
  conflict: { status: 409, message: 'Bu işlem zaten yapılmış.' },
  request_timeout: { status: 408, message: 'İstek zamanında tamamlanmadı. Lütfen tekrar dene.' },
  payload_too_large: { status: 413, message: 'Gönderilen veri çok büyük.' },
  uri_too_long: { status: 414, message: 'İstek adresi çok uzun.' },
  unsupported_media_type: { status: 415, message: 'Bu içerik türü desteklenmiyor.' },
  challenge_required: { status: 403, message: 'Devam etmek için güvenlik doğrulamasını tamamla.' },
  challenge_invalid: {
    status: 403,
    message: 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
  },
  headers_too_large: { status: 431, message: 'İstek başlıkları çok büyük.' },
  rate_limited: { status: 429, message: 'Çok fazla istek gönderdin. Lütfen biraz bekleyip tekrar dene.' },
  internal: { status: 500, message: 'Beklenmeyen bir hata oluştu. Lütfen tekrar dene.' },
  service_unavailable: { status: 503, message: 'Hizmet şu anda yanıt vermiyor. Lütfen biraz sonra tekrar dene.' },
  /** A process past its load-shedding threshold (kit/load-shedding.ts): answered at once, with retry-after. */
  overloaded: { status: 503, message: 'Şu anda çok yoğunuz. Lütfen birkaç saniye sonra tekrar dene.' },
  service_timeout: { status: 503, message: 'Hizmet zamanında yanıt vermedi. Lütfen biraz sonra tekrar dene.' },
  /**
   * The gateway's answer when the service's connection broke after a change was sent to it (it may have been made):
   * unlike 503, which says it was not.
   */
  answer_lost: {
    status: 502,
    message: 'Hizmetin yanıtı yolda kesildi; işlemin kaydedilmiş olabilir. Sayfayı yenileyip kontrol et.',
  },
  event_not_published: {
    status: 503,
    message: 'İşlemin kaydedildi ama şu anda duyurulamadı. Lütfen biraz sonra sayfayı yenileyip kontrol et.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The JSON body of every 4xx/5xx answer. */
export interface ErrorBody {
  error: ErrorCode | string;
  message: string;
}
