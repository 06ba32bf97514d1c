/** Socket.io rooms: one per member, one per poll followed live. */
export const userRoom = (userId: string) => `user:${userId}`;
export const pollRoom = (pollId: string) => `poll:${pollId}`;

/** The event names, written once in proto (`proto/src/socket-events.ts`). */
export { clientSocketEvents as clientEvents, serverSocketEvents as serverEvents } from '@meydan/proto';
