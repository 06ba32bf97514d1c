/**
 * Options with images (issue 41, 2: 'Görsel ekle'): the one place their rules live besides the upload itself
 * (usecases/option-images.ts). Pure.
 *
 * - An image is uploaded first (POST /api/option-images), decoded and stored as a WebP; its id is a digest of
 *   those bytes, so its URL never changes what it serves and is cached for good.
 * - Creation: `optionImages` beside `options`, in their order after blank options are left out: `{id, alt}` or null,
 *   never more than the options. The alt text is required (the schema refuses a missing or blank one) and trimmed;
 *   a list of nulls alone is no images at all. Each id must name a stored image (checked by the use case).
 * - Any kind of poll may carry them: the images describe options, and a ballot names options by index as before. A
 *   poll with images keeps its options as they are (an edit of a scheduled poll's options is refused): the images
 *   follow the options by index.
 * - The answer: `optionImages` with each image's URL, one per option (null for one without), absent without images.
 */
import { apiPaths, pollMessages, type Poll } from '@meydan/proto';

/** An option's image as the poll's document keeps it. */
export interface OptionImageRef {
  id: string;
  alt: string;
}

export type OptionImages = (OptionImageRef | null)[];

/** Where an image is served from (its id never names other bytes: usecases/option-images.ts). */
export const optionImageUrl = (id: string): string => `${apiPaths.optionImages}/${id}`;

/** A create body's images, checked against its options' count: the list to store (null: none), or the problem. */
export function optionImagesOf(
  images: readonly ({ id: string; alt: string } | null)[] | undefined,
  optionsCount: number,
): { images: OptionImages | null } | { field: string; message: string } {
  if (!images) return { images: null };
  if (images.length > optionsCount) return { field: 'optionImages', message: pollMessages.optionImagesOverOptions };
  const list = images.map((image) => (image ? { id: image.id, alt: image.alt.trim() } : null));
  while (list.length > 0 && list[list.length - 1] === null) list.pop();
  return { images: list.length > 0 ? list : null };
}

/** The distinct image ids a poll's images name. */
export const imageIdsOf = (images: OptionImages | null | undefined): string[] => [
  ...new Set((images ?? []).flatMap((image) => (image ? [image.id] : []))),
];

/** Whether a poll's document carries images (its options are then kept as they are). */
export const hasOptionImages = (poll: { optionImages?: unknown }): boolean =>
  Array.isArray(poll.optionImages) && poll.optionImages.some((image) => image != null);

/**
 * What the admin's polls list shows moderators of a poll's images (its creation event and the polls page): each
 * image's address and alt text, in the options' order; nothing for a poll without images.
 */
export function announcedImages(poll: { optionImages?: unknown }): { images?: { url: string; alt: string }[] } {
  if (!hasOptionImages(poll)) return {};
  const images = (poll.optionImages as OptionImages).flatMap((image) =>
    image ? [{ url: optionImageUrl(image.id), alt: image.alt }] : [],
  );
  return { images };
}

/** The answer's `optionImages`: one per option (null without one), each with its URL; nothing without images. */
export function optionImagesFields(poll: { optionImages?: unknown }, optionsCount: number): Pick<Poll, 'optionImages'> {
  if (!hasOptionImages(poll)) return {};
  const stored = poll.optionImages as OptionImages;
  return {
    optionImages: Array.from({ length: optionsCount }, (_, i) => {
      const image = stored[i];
      return image ? { id: image.id, url: optionImageUrl(image.id), alt: image.alt } : null;
    }),
  };
}
