import { mongo, Types, type Connection } from 'mongoose';

type Avatars = { mongo: Connection };

/** Avatars live in GridFS (bucket `avatars`), one WebP file per upload, named by the account. */
const bucketOf = (ctx: Avatars) => new mongo.GridFSBucket(ctx.mongo.db!, { bucketName: 'avatars' });

/** Stores a new avatar file and returns its id. */
export async function storeAvatar(ctx: Avatars, userId: string, webp: Buffer): Promise<string> {
  const fileId = new Types.ObjectId();
  await new Promise<void>((resolve, reject) =>
    bucketOf(ctx)
      .openUploadStreamWithId(fileId, `${userId}.webp`, { metadata: { userId, contentType: 'image/webp' } })
      .on('error', reject)
      .on('finish', () => resolve())
      .end(webp),
  );
  return fileId.toString();
}

/** Removes an avatar file; one already gone is no error. */
export async function deleteAvatar(ctx: Avatars, fileId: string): Promise<void> {
  await bucketOf(ctx)
    .delete(new Types.ObjectId(fileId))
    .catch(() => {});
}

/** The avatar file's bytes, as a stream. */
export function avatarStream(ctx: Avatars, fileId: string) {
  return bucketOf(ctx).openDownloadStream(new Types.ObjectId(fileId));
}
