import type { FastifyRequest } from 'fastify';
import { OWN_USER_KEY, validate } from '@meydan/proto';
import { HttpError, requireMember, type ServiceApp } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { profileQuestions } from '../domain/profile-questions.js';
import { authTexts as T } from '../domain/texts.js';
import type { UserRecord } from '../model/user.js';
import { avatarOf } from '../usecases/avatars.js';
import { editProfile, readProfile, type ProfileEdit } from '../usecases/profiles.js';
import { saveAnswers } from '../usecases/questionnaire.js';
import { callerOf, profileOwner, userIdParams } from './guards.js';

/** GET /api/users/{idOrUsername}: an id, or a username in any case (`/profil/{username}`). */
const idOrUsernameParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  errorMessage: { properties: { id: T.userNotFound } },
} as const;

/** Profile view, profile edits (JSON questionnaire data or multipart settings with an avatar), avatars, questionnaire. */
export async function profileRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  profileViewRoute(app, ctx);
  profileEditRoute(app, ctx);
  avatarRoute(app, ctx);
  questionnaireAnswerRoutes(app, ctx);
}

function profileViewRoute(app: ServiceApp, ctx: AuthContext) {
  app.get(
    '/api/users/:id',
    {
      schema: {
        summary: 'Üye profili (me: giriş yapan üye)',
        params: idOrUsernameParams,
        response: { 200: { $ref: 'meydan/user-profile' } },
      },
    },
    async (request) => {
      const key =
        request.params.id === OWN_USER_KEY ? requireMember(request, T.signInForOwnProfile) : request.params.id;
      return readProfile(
        ctx,
        { key },
        {
          requestId: request.id,
          userId: request.identity?.userId ?? null,
          isAdmin: request.identity?.role === 'admin',
        },
      );
    },
  );
}

/** The multipart edit's settings fields and its avatar file, checked against meydan/profile-settings. */
async function readSettingsForm(request: FastifyRequest): Promise<ProfileEdit> {
  const update: Partial<UserRecord> = {};
  let avatar: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'avatar') {
          await part.toBuffer();
          throw new HttpError(400, 'validation', `Bilinmeyen alan: "${part.fieldname}"`);
        }
        avatar = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'file_too_large', T.fileTooLarge);
    }
    // The multipart parser throws plain Errors (no status) for a body it cannot read: the sender's fault, not ours.
    if (!(err instanceof HttpError) && (err as { statusCode?: number }).statusCode === undefined) {
      throw new HttpError(400, 'validation', T.unreadableForm);
    }
    throw err;
  }
  const settings = validate('meydan/profile-settings', fields);
  if (!settings.ok) throw new HttpError(400, 'validation', settings.message);
  if (fields['displayName'] !== undefined) update.displayName = fields['displayName'].trim();
  if (fields['bio'] !== undefined) update.bio = fields['bio'].trim() || null;
  if (fields['isProfilePublic'] !== undefined) update.isProfilePublic = fields['isProfilePublic'] === 'true';
  return { update, avatar };
}

/** The JSON edit's questionnaire data, checked against meydan/profile-patch. */
function readProfileData(body: unknown): Partial<UserRecord> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const data = validate('meydan/profile-patch', fields);
  if (!data.ok) throw new HttpError(400, 'validation', data.message);
  const update: Partial<UserRecord> = {};
  for (const key of ['birthDate', 'birthTime', 'birthPlace', 'gender', 'zodiacSign'] as const) {
    if (fields[key] !== undefined) update[key] = fields[key] as string | null;
  }
  return update;
}

function profileEditRoute(app: ServiceApp, ctx: AuthContext) {
  app.patch(
    '/api/users/:id/profile',
    {
      schema: {
        summary: 'Profili günceller: anket bilgileri JSON ile, ayarlar (ve profil fotoğrafı) multipart ile',
        params: userIdParams,
        body: {
          content: {
            'application/json': { schema: { $ref: 'meydan/profile-patch' } },
            // The parts are read (and checked against meydan/profile-settings) in the handler, not by Fastify.
            'multipart/form-data': {
              schema: {
                type: ['object', 'null'],
                properties: {
                  displayName: { type: 'string' },
                  bio: { type: 'string' },
                  isProfilePublic: { type: 'string', enum: ['true', 'false'] },
                  avatar: { type: 'string', format: 'binary', description: 'JPEG, PNG, GIF ya da WebP; en fazla 5 MB' },
                },
              },
            },
          },
        },
        response: { 200: { $ref: 'meydan/user-profile' } },
      },
    },
    async (request) => {
      const member = { ...callerOf(request), userId: profileOwner(request, request.params.id) };
      const edit = request.isMultipart()
        ? await readSettingsForm(request)
        : { update: readProfileData(request.body), avatar: null };
      return editProfile(ctx, edit, member);
    },
  );
}

function avatarRoute(app: ServiceApp, ctx: AuthContext) {
  app.get(
    '/api/users/:id/avatar',
    {
      schema: {
        summary: 'Profil fotoğrafı (WebP, 256×256)',
        params: userIdParams,
        querystring: {
          type: 'object',
          properties: {
            v: { type: 'string', maxLength: 20, description: 'Sürüm: güncelse yanıt bir yıl önbellekte kalır' },
          },
        },
        response: {
          200: { description: 'Resim', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
          304: { description: 'Değişmedi', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const avatar = await avatarOf(ctx, { userId: request.params.id });
      const etag = `"${avatar.fileId}"`;
      const current = request.query.v === String(avatar.version);
      reply
        .header('etag', etag)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .type('image/webp');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.send(avatar.open());
    },
  );
}

function questionnaireAnswerRoutes(app: ServiceApp, ctx: AuthContext) {
  app.get(
    '/api/profile-questions',
    { schema: { summary: 'Kişilik anketinin soruları', response: { 200: { $ref: 'meydan/profile-question-list' } } } },
    async () => ({ questions: profileQuestions.map((question) => ({ ...question, options: [...question.options] })) }),
  );

  app.post(
    '/api/users/:id/profile-answers',
    {
      schema: {
        summary: 'Kişilik anketinin cevaplarını kaydeder',
        params: userIdParams,
        body: { $ref: 'meydan/profile-answers' },
        response: { 200: { $ref: 'meydan/profile-answers-saved' } },
      },
    },
    async (request) => saveAnswers(ctx, request.body, { userId: profileOwner(request, request.params.id) }),
  );
}
