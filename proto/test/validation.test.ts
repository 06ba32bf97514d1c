import { describe, expect, it } from 'vitest';
import {
  allSchemas,
  createAjv,
  getValidator,
  isShareableRequest,
  limits,
  normalizePollOptions,
  parsePollOptions,
  pollCategorySlugs,
  pollOptionsProblem,
  resolvePollExpiry,
  resolvePollSchedule,
  validate,
  voteOptionIndex,
} from '../src/index.js';
import type { PollVoteBody, SchemaId } from '../src/index.js';

/** The first Turkish message, or 'OK' when valid. */
function first(id: SchemaId, data: unknown): string {
  const r = validate(id, data);
  return r.ok ? 'OK' : r.message;
}

/** Every message of a failed validation. */
function all(id: SchemaId, data: unknown): string[] {
  const r = validate(id, data);
  return r.ok ? [] : r.errors.map((e) => e.message);
}

function issues(id: SchemaId, data: unknown): { path: string; message: string }[] {
  const r = validate(id, data);
  return r.ok ? [] : r.errors;
}

const s = (n: number, ch = 'a'): string => ch.repeat(n);

describe('validate()', () => {
  it('answers ok with the value, or the errors with the first Turkish message', () => {
    const data = { optionIndex: 1 };
    const ok = validate('meydan/share-vote', data);
    expect(ok).toEqual({ ok: true, value: data });
    const bad = validate('meydan/share-vote', {});
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.message).toBe('Bir seçenek seçmelisin');
      expect(bad.errors[0]).toEqual({ path: 'optionIndex', message: 'Bir seçenek seçmelisin' });
    }
  });

  it('refuses a body that is not a JSON object', () => {
    for (const id of [
      'meydan/poll-create',
      'meydan/register',
      'meydan/contact-message',
      'meydan/profile-patch',
    ] as const) {
      expect(first(id, null)).toBe('Gönderilen veri bir JSON nesnesi olmalıdır');
      expect(first(id, [])).toBe('Gönderilen veri bir JSON nesnesi olmalıdır');
      expect(first(id, 'x')).toBe('Gönderilen veri bir JSON nesnesi olmalıdır');
    }
  });

  it('throws for an unknown schema id', () => {
    expect(() => validate('meydan/nope' as SchemaId, {})).toThrow(/Unknown schema id/);
  });

  it('writes schema defaults into the data (poll type public)', () => {
    const body: Record<string, unknown> = { title: 'Soru', category: 'genel', options: ['a', 'b'] };
    expect(validate('meydan/poll-create', body).ok).toBe(true);
    expect(body.type).toBe('public');
  });
});

describe('create poll', () => {
  const base = { title: 'Hangisi daha iyi?', category: 'teknoloji-ai', options: ['Kedi', 'Köpek'], type: 'public' };
  const id = 'meydan/poll-create';

  it('accepts the earlier client body (options as JSON string, creatorId, expiresAt or null)', () => {
    expect(
      first(id, {
        title: 'Soru?',
        description: null,
        category: 'genel',
        type: 'public',
        options: JSON.stringify(['Evet', 'Hayır']),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        creatorId: 'someone',
      }),
    ).toBe('OK');
    expect(first(id, { ...base, expiresAt: null, creatorId: null, description: 'Açıklama' })).toBe('OK');
  });

  it('accepts the shareable body (options as array) and durations', () => {
    expect(first(id, { ...base, isShareable: true })).toBe('OK');
    expect(first(id, { ...base, shareable: true })).toBe('OK');
    for (const h of limits.poll.durationsHours) {
      expect(first(id, { ...base, durationHours: h })).toBe('OK');
      expect(first(id, { ...base, duration: h })).toBe('OK');
    }
    for (const category of pollCategorySlugs) expect(first(id, { ...base, category })).toBe('OK');
    for (const type of ['public', 'private', 'friends']) expect(first(id, { ...base, type })).toBe('OK');
  });

  it('accepts the limits exactly: title 200, description 500, 6 options of 100', () => {
    expect(
      first(id, {
        ...base,
        title: s(200),
        description: s(500),
        options: Array.from({ length: 6 }, (_, i) => s(100, String(i))),
      }),
    ).toBe('OK');
  });

  it("title: 'Bi soru sormadan olmaz' when missing, empty, only spaces or not text", () => {
    const { title: _t, ...noTitle } = base;
    expect(first(id, noTitle)).toBe('Bi soru sormadan olmaz');
    expect(first(id, { ...base, title: '' })).toBe('Bi soru sormadan olmaz');
    expect(first(id, { ...base, title: '   ' })).toBe('Bi soru sormadan olmaz');
    expect(first(id, { ...base, title: '\t\n ' })).toBe('Bi soru sormadan olmaz');
    expect(first(id, { ...base, title: 42 })).toBe('Bi soru sormadan olmaz');
    expect(issues(id, { ...base, title: ' ' })).toEqual([{ path: 'title', message: 'Bi soru sormadan olmaz' }]);
  });

  it('title: at most 200 characters', () => {
    expect(first(id, { ...base, title: s(201) })).toBe('Başlık en fazla 200 karakter olabilir');
  });

  it("category: 'Kategori seçimi gerekli', and only known categories", () => {
    const { category: _c, ...noCategory } = base;
    expect(first(id, noCategory)).toBe('Kategori seçimi gerekli');
    expect(first(id, { ...base, category: '' })).toBe('Kategori seçimi gerekli');
    expect(first(id, { ...base, category: null })).toBe('Kategori seçimi gerekli');
    expect(first(id, { ...base, category: 'teknoloji' })).toBe('Geçerli bir kategori seçmelisin');
    expect(first(id, { ...base, category: 'spor' })).toBe('Geçerli bir kategori seçmelisin');
  });

  it("options: 'En az 2 tane şık olması lazım' with fewer than 2 non-empty options", () => {
    const msg = 'En az 2 tane şık olması lazım';
    const { options: _o, ...noOptions } = base;
    expect(first(id, noOptions)).toBe(msg);
    expect(first(id, { ...base, options: [] })).toBe(msg);
    expect(first(id, { ...base, options: ['Tek'] })).toBe(msg);
    expect(first(id, { ...base, options: ['Tek', ''] })).toBe(msg);
    expect(first(id, { ...base, options: ['Tek', '   '] })).toBe(msg);
    expect(first(id, { ...base, options: JSON.stringify(['Tek']) })).toBe(msg);
    expect(first(id, { ...base, options: 'bozuk json' })).toBe(msg);
    expect(first(id, { ...base, options: '{"a":1}' })).toBe(msg);
    expect(first(id, { ...base, options: 7 })).toBe(msg);
  });

  it('options: blank entries are ignored when at least 2 remain', () => {
    expect(first(id, { ...base, options: ['A', '', 'B'] })).toBe('OK');
    expect(first(id, { ...base, options: JSON.stringify(['A', ' ', 'B']) })).toBe('OK');
  });

  it('options: at most 6, each at most 100 characters, texts only', () => {
    expect(first(id, { ...base, options: ['1', '2', '3', '4', '5', '6', '7'] })).toBe('En fazla 6 şık olabilir');
    expect(first(id, { ...base, options: JSON.stringify(['1', '2', '3', '4', '5', '6', '7']) })).toBe(
      'En fazla 6 şık olabilir',
    );
    expect(first(id, { ...base, options: ['a', s(101)] })).toBe('Her şık en fazla 100 karakter olabilir');
    expect(first(id, { ...base, options: JSON.stringify(['a', s(101)]) })).toBe(
      'Her şık en fazla 100 karakter olabilir',
    );
    expect(all(id, { ...base, options: ['a', 'b', 3] })).toContain('Şıklar metin olmalıdır');
  });

  it('description: at most 500 characters, text or null', () => {
    expect(first(id, { ...base, description: s(501) })).toBe('Açıklama en fazla 500 karakter olabilir');
    expect(first(id, { ...base, description: 5 })).toBe('Açıklama metin olmalıdır');
  });

  it('type, shareable, duration and expiresAt are checked', () => {
    expect(first(id, { ...base, type: 'gizli' })).toMatch(/^Anket türü/);
    expect(first(id, { ...base, type: 'private', isShareable: true })).toBe(
      'Paylaşılabilir anket yalnızca herkese açık olabilir',
    );
    expect(first(id, { ...base, type: 'friends', shareable: true })).toBe(
      'Paylaşılabilir anket yalnızca herkese açık olabilir',
    );
    expect(first(id, { ...base, type: 'private', isShareable: false })).toBe('OK');
    expect(first(id, { ...base, isShareable: 'evet' })).toBe('Paylaşılabilirlik true ya da false olmalıdır');
    expect(first(id, { ...base, durationHours: 5 })).toBe(
      'Süre 1, 6, 12, 24, 48 ya da 168 saat olmalıdır (süresiz için 0)',
    );
    expect(first(id, { ...base, durationHours: '24' })).toBe(
      'Süre 1, 6, 12, 24, 48 ya da 168 saat olmalıdır (süresiz için 0)',
    );
    expect(first(id, { ...base, expiresAt: 'yarın' })).toBe('Bitiş zamanı geçerli bir tarih olmalıdır');
  });

  it('rejects unknown fields with a Turkish message naming them', () => {
    expect(first(id, { ...base, userId: 'u1' })).toBe('Bilinmeyen alan: "userId"');
    expect(issues(id, { ...base, hack: true })).toEqual([{ path: 'hack', message: 'Bilinmeyen alan: "hack"' }]);
  });

  it('orders messages by the form: title before category before options', () => {
    expect(all(id, {})).toEqual(['Bi soru sormadan olmaz', 'Kategori seçimi gerekli', 'En az 2 tane şık olması lazım']);
    expect(issues(id, { title: ' ', category: 'x', options: ['a'], extra: 1 }).map((e) => e.path)).toEqual([
      'title',
      'category',
      'options',
      'extra',
    ]);
  });
});

describe('votes', () => {
  it('poll vote: {optionIndex} or {optionId}; userId accepted and ignored', () => {
    const id = 'meydan/poll-vote';
    expect(first(id, { optionIndex: 0 })).toBe('OK');
    expect(first(id, { optionIndex: 3, userId: 'test-user' })).toBe('OK');
    expect(first(id, { optionId: 2 })).toBe('OK');
    expect(first(id, { optionId: '4' })).toBe('OK');
    expect(first(id, {})).toBe('Bir seçenek seçmelisin');
    expect(first(id, { userId: 'x' })).toBe('Bir seçenek seçmelisin');
    expect(first(id, { optionIndex: -1 })).toBe('Geçersiz seçenek');
    expect(first(id, { optionIndex: 1.5 })).toBe('Geçersiz seçenek');
    expect(first(id, { optionIndex: '1' })).toBe('Geçersiz seçenek');
    expect(first(id, { optionId: 'abc' })).toBe('Geçersiz seçenek');
    expect(first(id, { optionId: -2 })).toBe('Geçersiz seçenek');
    expect(first(id, { optionIndex: 1, extra: 1 })).toBe('Bilinmeyen alan: "extra"');
  });

  it('voteOptionIndex reads optionIndex first, then optionId', () => {
    expect(voteOptionIndex({ optionIndex: 2 })).toBe(2);
    expect(voteOptionIndex({ optionId: '3' })).toBe(3);
    expect(voteOptionIndex({ optionId: 1 } as PollVoteBody)).toBe(1);
    expect(voteOptionIndex({ optionIndex: 0, optionId: 5 })).toBe(0);
  });

  it('share-link vote: {optionIndex} only', () => {
    const id = 'meydan/share-vote';
    expect(first(id, { optionIndex: 0 })).toBe('OK');
    expect(first(id, {})).toBe('Bir seçenek seçmelisin');
    expect(first(id, { optionIndex: 'a' })).toBe('Geçersiz seçenek');
    expect(first(id, { optionIndex: 1, userId: 'u' })).toBe('Bilinmeyen alan: "userId"');
  });
});

describe('registration and login', () => {
  const id = 'meydan/register';
  const ok = { username: 'ali.veli_1', email: 'ali@example.com', displayName: 'Ali Veli', password: '123456' };

  it('accepts a valid registration (Turkish letters in the username too)', () => {
    expect(first(id, ok)).toBe('OK');
    expect(first(id, { ...ok, username: 'şükrü.öz' })).toBe('OK');
    expect(first(id, { ...ok, username: s(30) })).toBe('OK');
  });

  it("password: 'Şifre en az 6 karakter olmalıdır!'", () => {
    expect(first(id, { ...ok, password: '12345' })).toBe('Şifre en az 6 karakter olmalıdır!');
    expect(first(id, { ...ok, password: '' })).toBe('Şifre en az 6 karakter olmalıdır!');
    expect(first(id, { ...ok, password: s(129) })).toBe('Şifre en fazla 128 karakter olabilir');
    const { password: _p, ...noPassword } = ok;
    expect(first(id, noPassword)).toBe('Şifre gerekli');
  });

  it('username: 3 to 30 letters, digits, _ and .', () => {
    expect(first(id, { ...ok, username: 'ab' })).toBe('Kullanıcı adı en az 3 karakter olmalıdır');
    expect(first(id, { ...ok, username: s(31) })).toBe('Kullanıcı adı en fazla 30 karakter olabilir');
    expect(first(id, { ...ok, username: 'ali veli' })).toBe(
      'Kullanıcı adı yalnızca harf, rakam, alt çizgi (_) ve nokta (.) içerebilir',
    );
    expect(first(id, { ...ok, username: 'ali-veli' })).toBe(
      'Kullanıcı adı yalnızca harf, rakam, alt çizgi (_) ve nokta (.) içerebilir',
    );
    const { username: _u, ...noUsername } = ok;
    expect(first(id, noUsername)).toBe('Kullanıcı adı gerekli');
  });

  it('email and display name are required and checked', () => {
    expect(first(id, { ...ok, email: 'ali' })).toBe('Geçerli bir e-posta adresi giriniz');
    expect(first(id, { ...ok, email: 'ali@' })).toBe('Geçerli bir e-posta adresi giriniz');
    const { email: _e, ...noEmail } = ok;
    expect(first(id, noEmail)).toBe('E-posta adresi gerekli');
    expect(first(id, { ...ok, displayName: '  ' })).toBe('Görünen ad gerekli');
    expect(first(id, { ...ok, displayName: s(51) })).toBe('Görünen ad en fazla 50 karakter olabilir');
    const { displayName: _d, ...noDisplayName } = ok;
    expect(first(id, noDisplayName)).toBe('Görünen ad gerekli');
  });

  it('rejects unknown fields (the confirm password stays in the form)', () => {
    expect(first(id, { ...ok, confirmPassword: '123456' })).toBe('Bilinmeyen alan: "confirmPassword"');
    expect(first(id, { ...ok, role: 'admin' })).toBe('Bilinmeyen alan: "role"');
  });

  it('login: e-mail and password required', () => {
    const login = 'meydan/login';
    expect(first(login, { email: 'ali@example.com', password: 'x' })).toBe('OK');
    expect(first(login, { password: 'x' })).toBe('E-posta adresi gerekli');
    expect(first(login, { email: ' ', password: 'x' })).toBe('E-posta adresi gerekli');
    expect(first(login, { email: 'ali@example.com' })).toBe('Şifre gerekli');
    expect(first(login, { email: 'ali@example.com', password: '' })).toBe('Şifre gerekli');
    expect(first(login, { email: 'a@b.co', password: 'x', remember: true })).toBe('Bilinmeyen alan: "remember"');
  });
});

describe('profile', () => {
  it('profile patch JSON: questionnaire data', () => {
    const id = 'meydan/profile-patch';
    const ok = {
      birthDate: '1990-05-17',
      birthTime: '14:30',
      birthPlace: 'Türkiye, istanbul, Kadıköy',
      gender: 'kadın',
      zodiacSign: 'Boğa',
    };
    expect(first(id, ok)).toBe('OK');
    expect(first(id, { gender: 'erkek' })).toBe('OK');
    expect(first(id, {})).toBe('OK');
    expect(first(id, { ...ok, birthDate: '17.05.1990' })).toBe('Lütfen doğum tarihinizi giriniz');
    expect(first(id, { ...ok, birthDate: '' })).toBe('Lütfen doğum tarihinizi giriniz');
    expect(first(id, { ...ok, birthTime: '25:00' })).toBe('Lütfen doğum saatinizi giriniz');
    expect(first(id, { ...ok, birthPlace: ' ' })).toBe('Lütfen doğum yerinizi seçiniz (ülke ve şehir)');
    expect(first(id, { ...ok, gender: 'diğer' })).toBe('Cinsiyet kadın ya da erkek olmalıdır');
    expect(first(id, { ...ok, zodiacSign: '' })).toBe('Lütfen burcunuzu seçin.');
    expect(first(id, { ...ok, userId: 'x' })).toBe('Bilinmeyen alan: "userId"');
  });

  it('profile settings: display name, bio at most 160, visibility as boolean or text', () => {
    const id = 'meydan/profile-settings';
    expect(first(id, { displayName: 'Ali', bio: s(160), isProfilePublic: true })).toBe('OK');
    expect(first(id, { isProfilePublic: 'false' })).toBe('OK');
    expect(first(id, { bio: null })).toBe('OK');
    expect(first(id, { bio: s(161) })).toBe('Biyografi en fazla 160 karakter olabilir');
    expect(first(id, { isProfilePublic: 'evet' })).toBe('Profil görünürlüğü true ya da false olmalıdır');
    expect(first(id, { displayName: ' ' })).toBe('Görünen ad gerekli');
    expect(first(id, { username: 'yeni' })).toBe('Bilinmeyen alan: "username"');
  });

  it('profile answers: {answers:[{questionId, answer, category}]}', () => {
    const id = 'meydan/profile-answers';
    const answer = { questionId: 'decision_style', answer: 'Mantıkla', category: 'decision_style' };
    expect(first(id, { answers: [answer] })).toBe('OK');
    expect(first(id, { answers: [] })).toBe('OK');
    expect(first(id, { answers: [{ ...answer, questionId: 3, answer: 1 }] })).toBe('OK');
    expect(first(id, {})).toBe('Cevaplar gönderilmedi');
    expect(first(id, { answers: 'x' })).toBe('Cevaplar gönderilmedi');
    expect(first(id, { answers: Array.from({ length: 13 }, () => answer) })).toBe('En fazla 12 cevap gönderilebilir');
    expect(first(id, { answers: [{ questionId: 'q1', category: 'c' }] })).toBe('Her sorunun bir cevabı olmalıdır');
    expect(first(id, { answers: [{ answer: 'a', category: 'c' }] })).toBe('Her cevabın bir soru kimliği olmalıdır');
    expect(first(id, { answers: [{ questionId: 'q', answer: 'a' }] })).toBe('Her cevabın bir kategorisi olmalıdır');
    expect(issues(id, { answers: [answer, { ...answer, extra: 1 }] })).toEqual([
      { path: 'answers.1.extra', message: 'Bilinmeyen alan: "extra"' },
    ]);
  });
});

describe('contact message', () => {
  const id = 'meydan/contact-message';
  const ok = {
    name: 'Ayşe',
    email: 'ayse@example.com',
    subject: 'genel',
    message: 'Merhaba, bir sorum var.',
    turnstileToken: 'XXXX.DUMMY.TOKEN',
  };

  it('accepts a valid message and every subject', () => {
    expect(first(id, ok)).toBe('OK');
    for (const subject of limits.contact.subjects) expect(first(id, { ...ok, subject })).toBe('OK');
    expect(first(id, { ...ok, name: 'Al', message: s(10) })).toBe('OK');
  });

  it('uses the spec texts', () => {
    expect(first(id, { ...ok, name: 'A' })).toBe('İsim en az 2 karakter olmalıdır');
    expect(first(id, { ...ok, name: ' A ' })).toBe('İsim en az 2 karakter olmalıdır');
    expect(first(id, { ...ok, name: '' })).toBe('İsim en az 2 karakter olmalıdır');
    expect(first(id, { ...ok, email: 'ayse' })).toBe('Geçerli bir e-posta adresi giriniz');
    expect(first(id, { ...ok, email: '' })).toBe('Geçerli bir e-posta adresi giriniz');
    expect(first(id, { ...ok, subject: '' })).toBe('Konu seçiniz');
    expect(first(id, { ...ok, subject: 'diger' })).toBe('Konu seçiniz');
    expect(first(id, { ...ok, message: 'Kısa' })).toBe('Mesaj en az 10 karakter olmalıdır');
    expect(first(id, { ...ok, message: `   ${s(9)}   ` })).toBe('Mesaj en az 10 karakter olmalıdır');
    expect(first(id, { ...ok, turnstileToken: '' })).toBe('Lütfen güvenlik doğrulamasını tamamlayın');
    expect(first(id, { ...ok, message: s(5001) })).toBe('Mesaj en fazla 5000 karakter olabilir');
  });

  it('names each missing field in form order', () => {
    expect(all(id, {})).toEqual([
      'İsim en az 2 karakter olmalıdır',
      'Geçerli bir e-posta adresi giriniz',
      'Konu seçiniz',
      'Mesaj en az 10 karakter olmalıdır',
      'Lütfen güvenlik doğrulamasını tamamlayın',
    ]);
    expect(first(id, { ...ok, phone: '555' })).toBe('Bilinmeyen alan: "phone"');
  });
});

describe('quick question, comment, report, bulk e-mail', () => {
  it("quick question: 'Soruyu ve iki seçeneği de yazman lazım.' and the 150/50 limits", () => {
    const id = 'meydan/quick-question';
    const msg = 'Soruyu ve iki seçeneği de yazman lazım.';
    expect(first(id, { question: 'Çay mı kahve mi?', options: ['Çay', 'Kahve'] })).toBe('OK');
    expect(first(id, { question: s(150), options: [s(50), s(50, 'b')] })).toBe('OK');
    expect(first(id, {})).toBe(msg);
    expect(first(id, { question: ' ', options: ['a', 'b'] })).toBe(msg);
    expect(first(id, { question: 'Soru', options: ['a'] })).toBe(msg);
    expect(first(id, { question: 'Soru', options: ['a', ''] })).toBe(msg);
    expect(first(id, { question: 'Soru' })).toBe(msg);
    expect(first(id, { question: 'Soru', options: ['a', 'b', 'c'] })).toBe('Hızlı soruda tam iki seçenek olur');
    expect(first(id, { question: s(151), options: ['a', 'b'] })).toBe('Soru en fazla 150 karakter olabilir');
    expect(first(id, { question: 'Soru', options: ['a', s(51)] })).toBe('Seçenekler en fazla 50 karakter olabilir');
    expect(first(id, { question: 'Soru', options: ['a', 'b'], category: 'genel' })).toBe('Bilinmeyen alan: "category"');
  });

  it('comment: non-empty, at most 500', () => {
    const id = 'meydan/comment-create';
    expect(first(id, { text: s(500) })).toBe('OK');
    expect(first(id, { text: ' ' })).toBe('Yorum boş olamaz');
    expect(first(id, {})).toBe('Yorum boş olamaz');
    expect(first(id, { text: s(501) })).toBe('Yorum en fazla 500 karakter olabilir');
    expect(first(id, { text: 'a', pollId: 'p' })).toBe('Bilinmeyen alan: "pollId"');
  });

  it('report: reason required, description at most 500', () => {
    const id = 'meydan/report-create';
    expect(first(id, { reason: 'spam', description: 'Reklam içeriyor' })).toBe('OK');
    expect(first(id, { reason: 'spam', description: null })).toBe('OK');
    expect(first(id, { reason: 'spam' })).toBe('OK');
    expect(first(id, { description: 'x' })).toBe('Şikayet nedeni gerekli');
    expect(first(id, { reason: '' })).toBe('Şikayet nedeni gerekli');
    expect(first(id, { reason: 'spam', description: s(501) })).toBe('Açıklama en fazla 500 karakter olabilir');
    expect(first(id, { reason: s(101) })).toBe('Şikayet nedeni en fazla 100 karakter olabilir');
  });

  it('bulk e-mail: subject and body non-empty', () => {
    const id = 'meydan/bulk-email';
    expect(first(id, { subject: 'Duyuru', body: 'Merhaba herkese' })).toBe('OK');
    expect(first(id, { body: 'x' })).toBe('Konu boş olamaz');
    expect(first(id, { subject: 'x', body: '  ' })).toBe('Mesaj boş olamaz');
    expect(first(id, { subject: 'x', body: 'y', to: 'all' })).toBe('Bilinmeyen alan: "to"');
  });
});

describe('poll options helpers', () => {
  it('parsePollOptions accepts an array or a JSON-encoded string of one', () => {
    expect(parsePollOptions(['a', 'b'])).toEqual(['a', 'b']);
    expect(parsePollOptions('["a","b"]')).toEqual(['a', 'b']);
    expect(parsePollOptions([' a ', ''])).toEqual([' a ', '']);
    expect(parsePollOptions([{ id: 0, text: 'x', votes: 1 }, 'y'])).toEqual(['x', 'y']);
    expect(parsePollOptions('[]')).toEqual([]);
  });

  it('parsePollOptions gives [] when parsing fails', () => {
    expect(parsePollOptions('not json')).toEqual([]);
    expect(parsePollOptions('{"a":1}')).toEqual([]);
    expect(parsePollOptions('"a"')).toEqual([]);
    expect(parsePollOptions('[1,2]')).toEqual([]);
    expect(parsePollOptions(['a', null])).toEqual([]);
    expect(parsePollOptions(null)).toEqual([]);
    expect(parsePollOptions(undefined)).toEqual([]);
    expect(parsePollOptions(42)).toEqual([]);
    expect(parsePollOptions({ 0: 'a' })).toEqual([]);
  });

  it('normalizePollOptions trims and drops blanks; pollOptionsProblem explains', () => {
    expect(normalizePollOptions([' a ', '', 'b', '  '])).toEqual(['a', 'b']);
    expect(normalizePollOptions('[" x ","y"]')).toEqual(['x', 'y']);
    expect(pollOptionsProblem(['a', 'b'])).toBeNull();
    expect(pollOptionsProblem(['a'])).toBe('En az 2 tane şık olması lazım');
    expect(pollOptionsProblem(['1', '2', '3', '4', '5', '6', '7'])).toBe('En fazla 6 şık olabilir');
    expect(pollOptionsProblem(['a', s(101)])).toBe('Her şık en fazla 100 karakter olabilir');
    expect(pollOptionsProblem(['a', ` ${s(100)} `])).toBeNull();
  });
});

describe('poll expiry and shareability', () => {
  const now = new Date('2025-01-01T12:00:00.000Z');
  const h = 3600_000;

  it('uses the duration choice, 0 meaning no expiry', () => {
    expect(resolvePollExpiry({ durationHours: 6 }, now)).toEqual({
      ok: true,
      expiresAt: new Date(now.getTime() + 6 * h),
    });
    expect(resolvePollExpiry({ duration: 168 }, now)).toEqual({
      ok: true,
      expiresAt: new Date(now.getTime() + 168 * h),
    });
    expect(resolvePollExpiry({ durationHours: 0 }, now)).toEqual({ ok: true, expiresAt: null });
  });

  it('uses expiresAt (null = no expiry), in the future and at most 30 days ahead', () => {
    expect(resolvePollExpiry({ expiresAt: null }, now)).toEqual({ ok: true, expiresAt: null });
    const at = new Date(now.getTime() + 48 * h).toISOString();
    expect(resolvePollExpiry({ expiresAt: at }, now)).toEqual({ ok: true, expiresAt: new Date(at) });
    expect(resolvePollExpiry({ expiresAt: new Date(now.getTime() - 1000).toISOString() }, now)).toEqual({
      ok: false,
      message: 'Bitiş zamanı gelecekte olmalıdır',
    });
    expect(resolvePollExpiry({ expiresAt: new Date(now.getTime() + 31 * 24 * h).toISOString() }, now)).toEqual({
      ok: false,
      message: 'Anket süresi en fazla 30 gün olabilir',
    });
  });

  it('defaults to 24 hours', () => {
    expect(resolvePollExpiry({}, now)).toEqual({ ok: true, expiresAt: new Date(now.getTime() + 24 * h) });
  });

  it('schedules an opening in the future, before the end, and counts a duration from it', () => {
    const starts = new Date(now.getTime() + 2 * h);
    expect(resolvePollSchedule({ durationHours: 6 }, now)).toEqual({
      ok: true,
      startsAt: null,
      expiresAt: new Date(now.getTime() + 6 * h),
    });
    expect(resolvePollSchedule({ startsAt: starts.toISOString(), durationHours: 6 }, now)).toEqual({
      ok: true,
      startsAt: starts,
      expiresAt: new Date(starts.getTime() + 6 * h),
    });
    expect(resolvePollSchedule({ startsAt: starts.toISOString() }, now)).toEqual({
      ok: true,
      startsAt: starts,
      expiresAt: new Date(starts.getTime() + 24 * h),
    });
    expect(resolvePollSchedule({ startsAt: starts.toISOString(), durationHours: 0 }, now)).toMatchObject({
      ok: true,
      expiresAt: null,
    });
    const refused = (body: Parameters<typeof resolvePollSchedule>[0]) => resolvePollSchedule(body, now);
    expect(refused({ startsAt: new Date(now.getTime() - 1000).toISOString() })).toEqual({
      ok: false,
      field: 'startsAt',
      message: 'Başlangıç zamanı gelecekte olmalıdır',
    });
    expect(refused({ startsAt: starts.toISOString(), expiresAt: starts.toISOString() })).toEqual({
      ok: false,
      field: 'startsAt',
      message: 'Başlangıç zamanı bitiş zamanından önce olmalıdır',
    });
    expect(refused({ startsAt: 'yarın' })).toMatchObject({ ok: false, field: 'startsAt' });
    expect(refused({ startsAt: new Date(now.getTime() + 31 * 24 * h).toISOString() })).toMatchObject({
      ok: false,
      field: 'startsAt',
    });
    expect(refused({ startsAt: starts.toISOString(), expiresAt: new Date(now.getTime() - 1).toISOString() })).toEqual({
      ok: false,
      field: 'expiresAt',
      message: 'Bitiş zamanı gelecekte olmalıdır',
    });
  });

  it('isShareableRequest reads either flag', () => {
    expect(isShareableRequest({ isShareable: true })).toBe(true);
    expect(isShareableRequest({ shareable: true })).toBe(true);
    expect(isShareableRequest({ isShareable: false })).toBe(false);
    expect(isShareableRequest({})).toBe(false);
  });
});

describe('createAjv and allSchemas', () => {
  it('registers every schema under a unique meydan/ id and compiles them', () => {
    const ids = allSchemas.map((x) => x.$id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^meydan\/[a-z-]+$/);
    const ajv = createAjv();
    for (const id of ids) expect(typeof ajv.getSchema(id), id).toBe('function');
    expect(ajv.opts.allErrors).toBe(true);
    expect(ajv.opts.useDefaults).toBe(true);
    expect(ajv.opts.coerceTypes).toBe(false);
    expect(ajv.opts.removeAdditional).toBe(false);
  });

  it('every object schema refuses unknown fields (for a list: every item; for a choice: every object in it)', () => {
    type Shape = {
      type?: string;
      items?: { additionalProperties?: unknown };
      additionalProperties?: unknown;
      anyOf?: Shape[];
    };
    for (const schema of allSchemas) {
      const s = schema as Shape;
      const shapes = s.anyOf ? s.anyOf.filter((b) => b.type !== 'null') : [s];
      expect(shapes.length, schema.$id).toBeGreaterThan(0);
      for (const shape of shapes) {
        const closed = shape.type === 'array' ? shape.items?.additionalProperties : shape.additionalProperties;
        expect(closed, schema.$id).toBe(false);
      }
    }
  });

  it('getValidator returns a cached function', () => {
    expect(getValidator('meydan/login')).toBe(getValidator('meydan/login'));
  });

  it('two instances do not share state', () => {
    const a = createAjv();
    const b = createAjv();
    expect(a).not.toBe(b);
    expect(a.getSchema('meydan/poll')).not.toBe(b.getSchema('meydan/poll'));
  });
});

describe('types', () => {
  it('PollCreateInput lets a client leave out the defaulted type', () => {
    const input: import('../src/index.js').PollCreateInput = { title: 'Soru', category: 'genel', options: ['a', 'b'] };
    const r = validate('meydan/poll-create', input);
    expect(r.ok && r.value.type).toBe('public');
  });
});
