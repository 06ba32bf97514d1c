import type { FastifyInstance, FastifyRequest } from 'fastify';
import { events, limits, OWN_USER_KEY, subjects, validate, type ProfileAnswersBody, type UserProfile } from '@meydan/proto';
import { HttpError, httpError, requireMember } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { heldProfileTexts } from './word-filter.js';
import { profileQuestions } from '../domain/profile-questions.js';
import { authTexts as T } from '../domain/texts.js';
import { avatarUrlOf, summaryOf } from '../domain/views.js';
import type { UserRecord } from '../model/user.js';
import { accountById, accountByIdOrUsername, saveProfileAnswers, updateProfile, type LeanUser } from '../store/accounts.js';
import { avatarStream, deleteAvatar, storeAvatar } from '../store/avatars.js';
import { profileOwner, userIdParams } from './guards.js';

/**
 * sharp (libvips) is loaded on the first avatar upload, not at start: it adds about 30 MB to the process, and most
 * of the time no one is uploading an avatar.
 */
let sharpModule: Promise<typeof import('sharp')> | null = null;
async function loadSharp(): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp');
  try {
    return (await sharpModule).default;
  } catch (err) {
    sharpModule = null;
    throw err;
  }
}

const AVATAR_SIZE = 256;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** GET /api/users/{idOrUsername}: an id, or a username in any case (`/profil/{username}`). */
const idOrUsernameParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  errorMessage: { properties: { id: T.userNotFound } },
} as const;

/** Profile view, profile edits (JSON questionnaire data or multipart settings with an avatar), avatars, questionnaire. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  profileViewRoute(app, ctx);
  profileEditRoute(app, ctx);
  avatarRoute(app, ctx);
  questionnaireAnswerRoutes(app, ctx);
}

/** A count from another service, or null when it does not answer: a profile never fails for it. */
async function countsOf(ctx: AuthContext, userId: string, requestId: string, viewerId: string | null) {
  const asked = viewerId && viewerId !== userId ? { userId, viewerId } : { userId };
  const [social, polls] = await Promise.all([
    ctx.bus.request(subjects.social.counts, asked, { requestId }, 800).catch(() => null),
    ctx.bus.request(subjects.polls.userCounts, { userId }, { requestId }, 800).catch(() => null),
  ]);
  return {
    followersCount: social?.followersCount ?? null,
    followingCount: social?.followingCount ?? null,
    pollsCount: polls?.pollsCount ?? null,
    votesCount: polls?.votesCount ?? null,
    /** The member blocked the viewer (social says so; when it does not answer, the profile shows). */
    blockedViewer: social?.blockedViewer === true,
  };
}

/** The held display name and bio as the member's own profile shows them. */
function pendingOf(p: NonNullable<LeanUser['pendingProfile']>): NonNullable<UserProfile['pendingProfile']> {
  return { ...(p.displayName != null ? { displayName: p.displayName } : {}), ...(p.bio !== undefined ? { bio: p.bio } : {}) };
}

async function profileOf(ctx: AuthContext, user: LeanUser, viewerId: string | null, isAdmin: boolean, requestId: string): Promise<UserProfile> {
  const id = user._id.toString();
  const own = viewerId === id;
  const { blockedViewer, ...counts } = await countsOf(ctx, id, requestId, viewerId);
  // A member who blocked the viewer is, to the viewer, no member at all (administrators still see the profile).
  if (blockedViewer && !isAdmin) throw httpError('not_found', T.userNotFound);
  const card = {
    ...summaryOf(user),
    isProfilePublic: user.isProfilePublic,
    ...counts,
    // How many votes a member cast is theirs alone (admins included): diffed against a poll's counts it tells choices.
    votesCount: own ? counts.votesCount : null,
  };
  if (!own && !isAdmin && !user.isProfilePublic) {
    return { ...card, bio: null, aiAnalysisCompleted: false, profileQuestionsCompleted: false };
  }
  const profile: UserProfile = {
    ...card,
    bio: user.bio,
    aiAnalysisCompleted: user.aiAnalysisCompleted,
    profileQuestionsCompleted: user.profileQuestionsCompleted,
    createdAt: new Date(user.createdAt).toISOString(),
  };
  if (own) {
    Object.assign(profile, {
      email: user.email,
      role: user.role,
      birthDate: user.birthDate,
      birthTime: user.birthTime,
      birthPlace: user.birthPlace,
      gender: user.gender,
      zodiacSign: user.zodiacSign,
      ...(user.pendingProfile ? { pendingProfile: pendingOf(user.pendingProfile) } : {}),
    });
  }
  return profile;
}

async function announce(ctx: AuthContext, user: LeanUser, requestId: string) {
  await ctx.bus.publish(
    events.auth.userUpdated,
    { userId: user._id.toString(), username: user.username, displayName: user.displayName, avatarUrl: avatarUrlOf(user), at: new Date().toISOString() },
    { requestId },
  );
}

function profileViewRoute(app: FastifyInstance, ctx: AuthContext) {
  app.get<{ Params: { id: string } }>(
    '/api/users/:id',
    { schema: { summary: 'Üye profili (me: giriş yapan üye)', params: idOrUsernameParams, response: { 200: { $ref: 'meydan/user-profile' } } } },
    async (request) => {
      const key = request.params.id === OWN_USER_KEY ? requireMember(request, T.signInForOwnProfile) : request.params.id;
      const user = await accountByIdOrUsername(ctx, key);
      if (!user) throw httpError('not_found', T.userNotFound);
      return profileOf(ctx, user, request.identity?.userId ?? null, request.identity?.role === 'admin', request.id);
    },
  );
}

/** The multipart edit's settings fields and its avatar file, checked against meydan/profile-settings. */
async function readSettingsForm(request: FastifyRequest): Promise<{ update: Partial<UserRecord>; avatar: Buffer | null }> {
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

/** The uploaded image as the avatar: a 256×256 WebP, refused when it is no image we read or too large to decode. */
async function squareAvatar(avatar: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  // The header's dimensions first (no decoding): a small file can hold a huge image that would cost seconds of CPU.
  const maxPixels = limits.user.avatarMaxPixels;
  const meta = await sharp(avatar, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.format || !IMAGE_FORMATS.has(meta.format)) throw new HttpError(415, 'unsupported_media_type', T.fileType);
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) throw new HttpError(413, 'image_too_large', T.imageTooLarge);
  return sharp(avatar, { animated: false, limitInputPixels: maxPixels })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer();
}

function profileEditRoute(app: FastifyInstance, ctx: AuthContext) {
  app.patch<{ Params: { id: string } }>(
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
      const userId = profileOwner(request);
      const { update, avatar } = request.isMultipart() ? await readSettingsForm(request) : { update: readProfileData(request.body), avatar: null };
      // A display name or bio the word filter holds waits for a moderator; the rest of the change applies now.
      // A new display name or bio replaces what waited before: an earlier held text is not approved over a newer one.
      const held = await heldProfileTexts(ctx, { displayName: update.displayName, bio: update.bio });
      if (Object.keys(held).length) {
        for (const field of Object.keys(held) as (keyof typeof held)[]) delete update[field];
        update.pendingProfile = { ...held, at: new Date() };
      } else if (update.displayName !== undefined || update.bio !== undefined) {
        update.pendingProfile = null;
      }
      if (avatar) {
        const square = await squareAvatar(avatar);
        const fileId = await storeAvatar(ctx, userId, square);
        const previous = (await accountById(ctx, userId))?.avatarFileId;
        if (previous) await deleteAvatar(ctx, previous);
        update.avatarFileId = fileId;
      }
      const user = await updateProfile(ctx, userId, update, avatar !== null);
      if (!user) throw httpError('not_found', T.userNotFound);
      await announce(ctx, user, request.id);
      return profileOf(ctx, user, userId, false, request.id);
    },
  );
}

function avatarRoute(app: FastifyInstance, ctx: AuthContext) {
  app.get<{ Params: { id: string }; Querystring: { v?: string } }>(
    '/api/users/:id/avatar',
    {
      schema: {
        summary: 'Profil fotoğrafı (WebP, 256×256)',
        params: userIdParams,
        querystring: {
          type: 'object',
          properties: { v: { type: 'string', maxLength: 20, description: 'Sürüm: güncelse yanıt bir yıl önbellekte kalır' } },
        },
        response: {
          200: { description: 'Resim', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
          304: { description: 'Değişmedi', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const user = await accountById(ctx, request.params.id);
      if (!user?.avatarFileId) throw httpError('not_found', T.avatarNotFound);
      const etag = `"${user.avatarFileId}"`;
      const current = request.query.v === String(user.avatarVersion);
      reply
        .header('etag', etag)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .type('image/webp');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(avatarStream(ctx, user.avatarFileId));
    },
  );
}

function questionnaireAnswerRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get(
    '/api/profile-questions',
    { schema: { summary: 'Kişilik anketinin soruları', response: { 200: { $ref: 'meydan/profile-question-list' } } } },
    async () => ({ questions: profileQuestions }),
  );

  app.post<{ Params: { id: string }; Body: ProfileAnswersBody }>(
    '/api/users/:id/profile-answers',
    {
      schema: {
        summary: 'Kişilik anketinin cevaplarını kaydeder',
        params: userIdParams,
        body: { $ref: 'meydan/profile-answers' },
        response: { 200: { $ref: 'meydan/profile-answers-saved' } },
      },
    },
    async (request) => {
      const userId = profileOwner(request);
      const byId = new Map<string, (typeof profileQuestions)[number]>(profileQuestions.map((q) => [q.id, q]));
      for (const answer of request.body.answers) {
        const question = byId.get(String(answer.questionId));
        if (!question || question.category !== answer.category) throw new HttpError(400, 'validation', T.unknownQuestion);
        if (!(question.options as readonly string[]).includes(String(answer.answer))) {
          throw new HttpError(400, 'validation', T.unknownAnswer);
        }
      }
      const answers = request.body.answers.map(({ questionId, answer, category }) => ({
        questionId: String(questionId),
        answer: String(answer),
        category,
      }));
      await saveProfileAnswers(ctx, userId, answers);
      return { message: T.answersSaved, profileQuestionsCompleted: true };
    },
  );
}
