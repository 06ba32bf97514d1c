import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects } from '@meydan/proto';
import { asMember, asVisitor, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { userModel } from '../src/model/user.js';
import { createUser, type TestUser } from './support.js';
import { hugePng } from '../../../test/images.js';

/** A multipart body with text fields and optionally one file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----meydan${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profiles', () => {
  let svc: TestService;
  let ayse: TestUser;
  let mehmet: TestUser;

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    ayse = await createUser(svc.deps, { displayName: 'Ayşe' });
    mehmet = await createUser(svc.deps, { displayName: 'Mehmet' });
  });
  afterAll(() => svc?.close());

  const patch = (id: string, as: Record<string, string>, body: ReturnType<typeof multipart>) =>
    svc.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/profile`,
      headers: { ...as, ...body.headers },
      payload: body.payload,
    });

  it('shows a profile with null counts when social and polls do not answer, never a 500', async () => {
    const res = await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asVisitor() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ayse.id,
      username: ayse.username,
      displayName: 'Ayşe',
      bio: null,
      avatarUrl: null,
      isProfilePublic: true,
      aiAnalysisCompleted: false,
      profileQuestionsCompleted: false,
      followersCount: null,
      followingCount: null,
      pollsCount: null,
      votesCount: null,
    });
    expect(res.json().email).toBeUndefined();
  });

  it('fills the counts from social and polls over NATS; how many votes a member cast only for the member', async () => {
    const social = await svc.deps.bus.standIn('social', subjects.social.counts, () => ({
      followersCount: 3,
      followingCount: 4,
    }));
    const polls = await svc.deps.bus.standIn('polls', subjects.polls.userCounts, () => ({
      pollsCount: 5,
      votesCount: 6,
    }));
    try {
      const own = await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(ayse.id) });
      expect(own.json()).toMatchObject({ followersCount: 3, followingCount: 4, pollsCount: 5, votesCount: 6 });
      // Anyone else (visitor, member, administrator) gets null: beside a poll's counts it could tell what she chose.
      for (const headers of [asVisitor(), asMember(mehmet.id), identityHeaders({ userId: mehmet.id, role: 'admin' })]) {
        const res = await svc.app.inject({ url: `/api/users/${ayse.id}`, headers });
        expect(res.json()).toMatchObject({ followersCount: 3, followingCount: 4, pollsCount: 5, votesCount: null });
      }
    } finally {
      await social.stop();
      await polls.stop();
    }
  });

  it('answers an unknown id or username with 404, and an overlong one with 400', async () => {
    expect(
      (await svc.app.inject({ url: '/api/users/0123456789abcdef01234567', headers: asVisitor() })).statusCode,
    ).toBe(404);
    const unknown = await svc.app.inject({ url: '/api/users/nope', headers: asVisitor() });
    expect(unknown.statusCode).toBe(404); // read as a username nobody has
    expect(unknown.json().message).toBe('Kullanıcı bulunamadı');
    const bad = await svc.app.inject({ url: `/api/users/${'x'.repeat(65)}`, headers: asVisitor() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Kullanıcı bulunamadı');
  });

  it('shows a member their own profile by `me`, and asks a visitor to sign in (401, Turkish)', async () => {
    const own = await svc.app.inject({ url: '/api/users/me', headers: asMember(ayse.id) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().id).toBe(ayse.id);
    expect(own.json()).toEqual(
      (await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(ayse.id) })).json(),
    );
    const visitor = await svc.app.inject({ url: '/api/users/me', headers: asVisitor() });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Profilini görmek için giriş yapmalısın.');
  });

  it('edits display name, bio and visibility for the owner; a private profile shows others only the card', async () => {
    const res = await patch(
      ayse.id,
      asMember(ayse.id),
      multipart({ displayName: 'Ayşe Y.', bio: 'Anket sever.', isProfilePublic: 'false' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Ayşe Y.',
      bio: 'Anket sever.',
      isProfilePublic: false,
      email: ayse.email,
    });
    const seenByOther = (await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(mehmet.id) })).json();
    expect(seenByOther).toMatchObject({ displayName: 'Ayşe Y.', isProfilePublic: false, bio: null });
    expect(seenByOther.createdAt).toBeUndefined();
    const seenBySelf = (await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(ayse.id) })).json();
    expect(seenBySelf.bio).toBe('Anket sever.');
    await patch(ayse.id, asMember(ayse.id), multipart({ isProfilePublic: 'true' }));
  });

  it('refuses a bio over 160 characters with a Turkish message and changes nothing', async () => {
    const res = await patch(ayse.id, asMember(ayse.id), multipart({ bio: 'x'.repeat(161) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Biyografi en fazla 160 karakter olabilir');
    const user = await userModel(svc.deps.mongo).findById(ayse.id).lean();
    expect(user!.bio).toBe('Anket sever.');
  });

  it('answers a multipart body it cannot read with 400 in Turkish, never a 500, and changes nothing', async () => {
    const boundary = '7c5156fb04a2177cf9e322ad31ebde44';
    const res = await patch(ayse.id, asMember(ayse.id), {
      payload: Buffer.from(`--${boundary}\r\nNone--${boundary}--\r\n`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation', message: 'Gönderilen form okunamadı. Lütfen tekrar dene.' });
    expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())!.bio).toBe('Anket sever.');
  });

  it('lets nobody but the owner edit: another member 403, a visitor 401, a forged identity 401', async () => {
    const body = multipart({ displayName: 'Ele geçirildi' });
    const other = await patch(ayse.id, asMember(mehmet.id), body);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'forbidden', message: 'Bu profili düzenleme yetkin yok.' });
    expect((await patch(ayse.id, asVisitor(), body)).statusCode).toBe(401);
    const forged = await patch(
      ayse.id,
      identityHeaders({ userId: ayse.id, role: 'member' }, 'not-the-real-secret-123'),
      body,
    );
    expect(forged.statusCode).toBe(401);
    expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())!.displayName).toBe('Ayşe Y.');
  });

  it('saves questionnaire data sent as JSON, validated with the spec texts', async () => {
    const url = `/api/users/${mehmet.id}/profile`;
    const bad = await svc.app.inject({
      method: 'PATCH',
      url,
      headers: asMember(mehmet.id),
      payload: { gender: 'diğer' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cinsiyet kadın ya da erkek olmalıdır');
    const res = await svc.app.inject({
      method: 'PATCH',
      url,
      headers: asMember(mehmet.id),
      payload: {
        birthDate: '1995-04-12',
        birthTime: '08:30',
        birthPlace: 'Türkiye, istanbul, Kadıköy',
        gender: 'erkek',
        zodiacSign: 'koc',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      birthDate: '1995-04-12',
      birthPlace: 'Türkiye, istanbul, Kadıköy',
      gender: 'erkek',
    });
  });

  describe('avatars', () => {
    it('refuses a file over 5 MB with 413 "Dosya çok büyük"', async () => {
      const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
      const res = await patch(
        ayse.id,
        asMember(ayse.id),
        multipart({}, { name: 'big.png', type: 'image/png', data: big }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'file_too_large', message: 'Dosya çok büyük' });
    });

    it('refuses what is not a JPG, PNG, GIF or WebP image, whatever it claims to be, with 415', async () => {
      const res = await patch(
        ayse.id,
        asMember(ayse.id),
        multipart({}, { name: 'x.png', type: 'image/png', data: Buffer.from('not an image') }),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/JPG, PNG, GIF veya WebP/);
      expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())!.avatarFileId).toBeNull();
    });

    it('refuses a 16000×16000 PNG of a few kilobytes with 413 before decoding it', async () => {
      const huge = hugePng(16_000, 16_000);
      expect(huge.length).toBeLessThan(1024 * 1024);
      const res = await patch(
        ayse.id,
        asMember(ayse.id),
        multipart({}, { name: 'huge.png', type: 'image/png', data: huge }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'image_too_large',
        message: 'Resmin boyutları çok büyük. Lütfen en fazla 40 megapiksel bir resim seçin.',
      });
      expect((await userModel(svc.deps.mongo).findById(ayse.id).lean())!.avatarFileId).toBeNull();
    });

    it('stores a good picture as a 256×256 square and serves it with cache headers', async () => {
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#e11d48' } })
        .png()
        .toBuffer();
      const res = await patch(
        ayse.id,
        asMember(ayse.id),
        multipart({}, { name: 'me.png', type: 'image/png', data: png }),
      );
      expect(res.statusCode).toBe(200);
      const avatarUrl: string = res.json().avatarUrl;
      expect(avatarUrl).toBe(`/api/users/${ayse.id}/avatar?v=1`);
      const image = await svc.app.inject({ url: avatarUrl, headers: asVisitor() });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      const again = await svc.app.inject({
        url: avatarUrl,
        headers: { ...asVisitor(), 'if-none-match': image.headers['etag'] as string },
      });
      expect(again.statusCode).toBe(304);
      const summary = await svc.deps.bus.request(subjects.auth.usersGet, { id: ayse.id });
      expect(summary.avatarUrl).toBe(avatarUrl);

      const jpg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#2563eb' } })
        .jpeg()
        .toBuffer();
      const second = await patch(
        ayse.id,
        asMember(ayse.id),
        multipart({}, { name: 'me.jpg', type: 'image/jpeg', data: jpg }),
      );
      expect(second.json().avatarUrl).toBe(`/api/users/${ayse.id}/avatar?v=2`);
      const files = await svc.deps.mongo.db!.collection('avatars.files').countDocuments({ 'metadata.userId': ayse.id });
      expect(files).toBe(1);
    });
  });

  describe('questionnaire', () => {
    it('lists twelve questions, each with four Turkish options', async () => {
      const res = await svc.app.inject({ url: '/api/profile-questions', headers: asVisitor() });
      const { questions } = res.json() as {
        questions: { id: string; category: string; question: string; options: string[] }[];
      };
      expect(questions.map((q) => q.category)).toEqual([
        'decision_style',
        'stress_response',
        'ideal_weekend',
        'friendship_quality',
        'change_approach',
        'motivation_source',
        'communication_style',
        'time_management',
        'creative_expression',
        'social_energy',
        'conflict_resolution',
        'learning_style',
      ]);
      for (const q of questions) {
        expect(q.options).toHaveLength(4);
        expect(q.question).toMatch(/\?$/);
      }
    });

    it("saves the owner's answers and marks the questionnaire completed; refuses an answer that is not an option", async () => {
      const url = `/api/users/${mehmet.id}/profile-answers`;
      const bad = await svc.app.inject({
        method: 'POST',
        url,
        headers: asMember(mehmet.id),
        payload: { answers: [{ questionId: 'decision_style', answer: 'Yazı tura', category: 'decision_style' }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Bu soru için geçersiz bir cevap gönderildi.');
      const other = await svc.app.inject({ method: 'POST', url, headers: asMember(ayse.id), payload: { answers: [] } });
      expect(other.statusCode).toBe(403);
      const res = await svc.app.inject({
        method: 'POST',
        url,
        headers: asMember(mehmet.id),
        payload: { answers: [{ questionId: 'decision_style', answer: 'İçgüdülerime', category: 'decision_style' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Profil tamamlandı!', profileQuestionsCompleted: true });
      const profile = (await svc.app.inject({ url: `/api/users/${mehmet.id}`, headers: asVisitor() })).json();
      expect(profile.profileQuestionsCompleted).toBe(true);
    });
  });

  describe('API tokens', () => {
    const session = (id: string) => identityHeaders({ userId: id, role: 'member', authMethod: 'session' });

    it('creates a token shown once, lists it without the secret, resolves it, and refuses it after revoking', async () => {
      const created = await svc.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: session(ayse.id),
        payload: { name: 'Betik' },
      });
      expect(created.statusCode).toBe(201);
      const { token, id, prefix } = created.json();
      expect(token).toMatch(/^mdn_[A-Za-z0-9_-]{40}$/);
      expect(token.startsWith(prefix)).toBe(true);
      const list = (await svc.app.inject({ url: '/api/tokens', headers: session(ayse.id) })).json();
      expect(list.tokens).toEqual([expect.objectContaining({ id, name: 'Betik', tier: 'free' })]);
      expect(JSON.stringify(list)).not.toContain(token);
      await expect(svc.deps.bus.request(subjects.auth.tokenResolve, { token })).resolves.toMatchObject({
        userId: ayse.id,
        tier: 'free',
      });

      expect(
        (await svc.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: session(mehmet.id) })).statusCode,
      ).toBe(404);
      const revoked = await svc.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: session(ayse.id) });
      expect(revoked.json().message).toBe('API anahtarı iptal edildi.');
      await expect(svc.deps.bus.request(subjects.auth.tokenResolve, { token })).resolves.toBeNull();
    });

    it('manages tokens only from a session, not with a token, and never for visitors', async () => {
      const viaToken = identityHeaders({ userId: ayse.id, role: 'member', authMethod: 'token' });
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: viaToken,
        payload: { name: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect((await svc.app.inject({ url: '/api/tokens', headers: asVisitor() })).statusCode).toBe(401);
      const blank = await svc.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: session(ayse.id),
        payload: { name: '   ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Anahtar için bir ad yaz (en fazla 60 karakter).');
    });
  });
});
