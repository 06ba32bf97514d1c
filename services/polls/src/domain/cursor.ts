/** Opaque cursors for infinite scroll: the sort key and id of the last item seen, base64url JSON. */
import { isObjectId } from '@meydan/kit';

export interface Cursor {
  /** Sort key of the last item (a trending score or a time in ms). */
  k: number;
  /** Its id. */
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.k !== 'number' || !Number.isFinite(value.k)) return null;
    if (typeof value.id !== 'string' || !isObjectId(value.id)) return null;
    return { k: value.k, id: value.id };
  } catch {
    return null;
  }
}
