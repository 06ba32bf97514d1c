import type { AdminMessagesQuery } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { contactMessagesPage } from '../clients/contact.js';

/** A page of the contact messages, asked of contact; its 503 when contact does not answer. */
export async function readContactMessages(
  ctx: Pick<AdminContext, 'bus'>,
  { page, pageSize }: Required<AdminMessagesQuery>,
  requestId: string,
) {
  const reply = await contactMessagesPage(ctx, { page, pageSize }, requestId);
  return { ...reply, page, pageSize };
}
