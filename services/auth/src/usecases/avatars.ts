/** Avatars: an upload made a 256×256 WebP and stored (the previous one removed), and the file read back. */
import { limits } from '@meydan/proto';
import { HttpError, httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { accountById } from '../store/accounts.js';
import { avatarStream, deleteAvatar, storeAvatar } from '../store/avatars.js';

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

type Avatars = Pick<AuthContext, 'models' | 'redis' | 'mongo'>;

/** The uploaded image as the avatar: a 256×256 WebP, refused when it is no image we read or too large to decode. */
async function squareAvatar(avatar: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  // The header's dimensions first (no decoding): a small file can hold a huge image that would cost seconds of CPU.
  const maxPixels = limits.user.avatarMaxPixels;
  const meta = await sharp(avatar, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !IMAGE_FORMATS.has(meta.format)) throw new HttpError(415, 'unsupported_media_type', T.fileType);
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels)
    throw new HttpError(413, 'image_too_large', T.imageTooLarge);
  return sharp(avatar, { animated: false, limitInputPixels: maxPixels })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer();
}

/** Stores the uploaded image as the member's new avatar file (removing the previous file); its id. */
export async function storeNewAvatar(ctx: Avatars, userId: string, upload: Buffer): Promise<string> {
  const square = await squareAvatar(upload);
  const fileId = await storeAvatar(ctx, userId, square);
  const previous = (await accountById(ctx, userId))?.avatarFileId;
  if (previous) await deleteAvatar(ctx, previous);
  return fileId;
}

/** The member's avatar file: its id, its version (`?v=`) and a way to read it; 404 for a member without one. */
export async function avatarOf(ctx: Avatars, { userId }: { userId: string }) {
  const user = await accountById(ctx, userId);
  if (!user?.avatarFileId) throw httpError('not_found', T.avatarNotFound);
  const fileId = user.avatarFileId;
  return { fileId, version: user.avatarVersion, open: () => avatarStream(ctx, fileId) };
}
