/** Options' images: the upload a poll's creation names, and the file each option shows (cached for good). */
import type { Readable } from 'node:stream';
import { HttpError, type ServiceApp } from '@meydan/kit';
import { apiPaths, limits, pollServiceMessages as S } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { readOptionImage, storeOptionImage } from '../usecases/option-images.js';
import { memberOf, membersOnly } from './common.js';

/** An image's URL names its bytes (a digest of them): any cache may keep it for a year. */
const FOR_GOOD = 'public, max-age=31536000, immutable';

/** The upload's body, as this route's parser left it: read by the handler, not the parser (see uploadOf). */
const bodies = new WeakMap<object, Readable>();

/**
 * The body's bytes; 413 once they pass the image limit. The rest is still read (and dropped): a service that stops
 * reading mid-body closes the connection under the gateway's proxy, which would turn the 413 into a 502 (the gateway
 * caps an image body at a little over the limit, so this is bounded).
 */
async function uploadOf(request: object): Promise<Buffer> {
  const body = bodies.get(request);
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size <= limits.poll.optionImageMaxBytes) chunks.push(chunk as Buffer);
  }
  if (size > limits.poll.optionImageMaxBytes) throw new HttpError(413, 'file_too_large', S.optionImageTooLarge);
  return Buffer.concat(chunks);
}

/** The route's body schema: the file, whatever it is (the schema sees null: the handler reads the bytes). */
const fileBody = { schema: { type: ['string', 'null'], format: 'binary' } } as const;

export async function optionImageRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  // The file is the body itself, whatever its declared type: sharp decides what it is (usecases/option-images.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null, null);
  });

  app.post(
    apiPaths.optionImages,
    {
      onRequest: membersOnly(S.signInToUpload),
      schema: {
        summary: `Şık görseli yükler: gövde görselin kendisidir (JPEG, PNG ya da WebP; en fazla ${limits.poll.optionImageMaxBytes / 1024 / 1024} MB ve ${limits.poll.optionImageMaxPixels / 1_000_000} megapiksel). En fazla ${limits.poll.optionImageMaxSide} piksellik bir WebP olarak, üst verisi (EXIF) silinerek saklanır; yanıttaki id anket oluştururken optionImages içinde gönderilir`,
        body: {
          content: { 'image/jpeg': fileBody, 'image/png': fileBody, 'image/webp': fileBody },
        },
        response: { 201: { $ref: 'meydan/option-image-upload' } },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await storeOptionImage(ctx, memberOf(request), await uploadOf(request))),
  );

  app.get(
    `${apiPaths.optionImages}/:imageId`,
    {
      schema: {
        summary: 'Şık görseli (WebP); adresi içeriğiyle değişir, bir yıl önbellekte kalır',
        params: {
          type: 'object',
          required: ['imageId'],
          properties: { imageId: { type: 'string', pattern: '^[0-9a-f]{32}$' } },
          errorMessage: { properties: { imageId: S.optionImageNotFound } },
        },
        response: {
          200: { description: 'Görsel', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
          304: { description: 'Değişmedi', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const etag = `"${request.params.imageId}"`;
      reply.header('etag', etag).header('cache-control', FOR_GOOD);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const data = await readOptionImage(ctx, request.params.imageId);
      return reply.type('image/webp').send(data);
    },
  );
}
