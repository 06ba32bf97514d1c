/**
 * Options' images: an upload decoded and made into a WebP (at most 800 px on its longer side, EXIF and every other
 * metadata left out), stored under a digest of those bytes, read back, and drawn on a poll's link preview card. As
 * avatars are (services/auth).
 */
import { createHash } from 'node:crypto';
import { limits, pollServiceMessages as S, type OptionImageUpload } from '@meydan/proto';
import { HttpError, httpError } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { optionImageUrl } from '../domain/option-images.js';
import type { CardImageSlot } from '../domain/poll-card.js';

type Images = Pick<PollsContext, 'models'>;

/** sharp (libvips, ~30 MB) is loaded with the first upload, not at start; a failed load is tried again next time. */
let sharpLoading: Promise<typeof import('sharp')> | null = null;
async function sharpOf(): Promise<typeof import('sharp').default> {
  sharpLoading ??= import('sharp');
  try {
    return (await sharpLoading).default;
  } catch (err) {
    sharpLoading = null;
    throw err;
  }
}

/** What sharp calls the formats we take (proto's optionImageMimeTypes). */
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const notAnImage = () => new HttpError(415, 'unsupported_media_type', S.optionImageType);

/** The upload as the stored WebP; 415 for what is no JPEG, PNG or WebP we can read, 413 for too many pixels. */
async function reencoded(upload: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  if (upload.length === 0) throw notAnImage();
  const sharp = await sharpOf();
  // The header's dimensions first, without decoding: a small file can hold a huge image that would cost seconds.
  const maxPixels = limits.poll.optionImageMaxPixels;
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format)) throw notAnImage();
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels)
    throw new HttpError(413, 'image_too_large', S.optionImagePixels);
  const side = limits.poll.optionImageMaxSide;
  const { data, info } = await sharp(upload, { animated: false, limitInputPixels: maxPixels })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    // A header that reads well over a body that does not decode (a truncated file) is still no image.
    .catch(() => {
      throw notAnImage();
    });
  return { data, width: info.width, height: info.height };
}

/** Stores an upload as an option image (once per picture: the same bytes have the same id); its id and URL. */
export async function storeOptionImage(ctx: Images, uploaderId: string, upload: Buffer): Promise<OptionImageUpload> {
  const { data, width, height } = await reencoded(upload);
  const id = createHash('sha256').update(data).digest('hex').slice(0, 32);
  await ctx.models.OptionImage.updateOne(
    { _id: id },
    { $setOnInsert: { data, width, height, uploaderId, createdAt: new Date() } },
    { upsert: true },
  );
  return { id, url: optionImageUrl(id), width, height };
}

/** The stored image's bytes; 404 for an id that names none. */
export async function readOptionImage(ctx: Images, id: string): Promise<Buffer> {
  // Not lean: the document gives its bytes as a Buffer (a lean read, as the driver's Binary).
  const image = await ctx.models.OptionImage.findById(id, { data: 1 });
  if (!image) throw httpError('not_found', S.optionImageNotFound);
  return Buffer.from(image.data);
}

/**
 * A deleted member's uploads: those no poll names any more (their polls were removed first) are deleted; one another
 * member's poll still names (the same picture uploaded again is the same file) stays, no longer tied to the account.
 */
export async function forgetUploads(ctx: Images, userId: string): Promise<void> {
  const uploads = await ctx.models.OptionImage.find({ uploaderId: userId }, { _id: 1 }).lean();
  for (const { _id: id } of uploads) {
    const named = await ctx.models.Poll.exists({ 'optionImages.id': id });
    if (named) await ctx.models.OptionImage.updateOne({ _id: id }, { $set: { uploaderId: null } });
    else await ctx.models.OptionImage.deleteOne({ _id: id });
  }
}

/** How many of these ids name stored images. */
export async function storedImageCount(ctx: Images, ids: string[]): Promise<number> {
  return ids.length === 0 ? 0 : ctx.models.OptionImage.countDocuments({ _id: { $in: ids } });
}

/**
 * A poll card's PNG with its options' images drawn in their squares (domain/poll-card.ts cardImageSlots), each cropped
 * to fill its square. An image that is gone leaves its square empty rather than fail the card.
 */
export async function withThumbnails(ctx: Images, png: Buffer, slots: readonly CardImageSlot[]): Promise<Buffer> {
  const sharp = await sharpOf();
  const layers = await Promise.all(
    slots.map(async ({ id, left, top, size }) => {
      const image = await readOptionImage(ctx, id).catch(() => null);
      if (!image) return null;
      const input = await sharp(image).resize(size, size, { fit: 'cover' }).png().toBuffer();
      return { input, left, top };
    }),
  );
  const drawn = layers.filter((layer) => layer !== null);
  return drawn.length === 0 ? png : sharp(png).composite(drawn).png({ compressionLevel: 9 }).toBuffer();
}
