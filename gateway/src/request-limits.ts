/**
 * How big a request may be at the gateway. The gateway streams bodies to the services unparsed, so it enforces the
 * services' body limits itself: a service that refuses an oversized body mid-stream closes the connection under the
 * proxy, which would otherwise turn a plain 413 into a 503.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { preParsingAsyncHookHandler } from 'fastify';
import { limits } from '@meydan/proto';
import { httpError } from '@meydan/kit';
import { readsOnly } from './paths.js';

/** Longest request target (path and query) accepted; longer ones get 414. */
export const MAX_URL_LENGTH = 4096;
/** A JSON (or any non-multipart) body: the services' own limit (the kit's default). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A multipart body carries at most one avatar and a few short fields. */
export const MAX_MULTIPART_BYTES = limits.user.avatarMaxBytes + 256 * 1024;

/**
 * An option image's upload is the file itself (POST /api/option-images): room for a little more than the
 * service takes, so the service's own Turkish 413 names the image's limit.
 */
export const MAX_IMAGE_BYTES = limits.poll.optionImageMaxBytes + 256 * 1024;

export function bodyLimitFor(contentType: string | undefined): number {
  if (/^multipart\/form-data\b/i.test(contentType ?? '')) return MAX_MULTIPART_BYTES;
  return /^image\//i.test(contentType ?? '') ? MAX_IMAGE_BYTES : MAX_BODY_BYTES;
}

/** The error a body stream fails with once it passes its limit; the proxy answers 413 for it. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** Whether a proxy failure was caused by a body over its limit (undici may wrap the stream's error). */
export function isBodyTooLarge(error: unknown): boolean {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof BodyTooLargeError) return true;
  }
  return false;
}

/**
 * Refuses a declared length over the limit before anything is forwarded, and stops a chunked body as soon as it
 * passes the limit. A GET or HEAD is forwarded without its body, so nothing is counted.
 */
export const limitBody: preParsingAsyncHookHandler = async (request, reply, payload) => {
  const limit = bodyLimitFor(request.headers['content-type']);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) {
    // The rest of the body is never read: the connection cannot carry another request.
    reply.header('connection', 'close');
    throw httpError('payload_too_large');
  }
  if (readsOnly(request.method)) return payload;
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return callback(new BodyTooLargeError(`body over ${limit} bytes`));
      callback(null, chunk);
    },
  });
  payload.on('error', (err) => counted.destroy(err));
  return payload.pipe(counted);
};
