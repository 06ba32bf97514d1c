/**
 * Socket.io rooms: one per member, one per poll followed live, and within a poll's followers those who voted on it
 * and its creator (the live counts the poll's results visibility shows only to them go to those rooms; the other
 * followers get the total alone). A socket is in a poll's voters' or creator's room only while it follows the poll.
 * `voter:<u:userId|v:visitorId>`: every socket of one voter (a member's, or a visitor's by their visitor cookie).
 */
export const userRoom = (userId: string) => `user:${userId}`;
export const pollRoom = (pollId: string) => `poll:${pollId}`;
export const pollVotersRoom = (pollId: string) => `poll-voters:${pollId}`;
export const pollCreatorRoom = (pollId: string) => `poll-creator:${pollId}`;
export const voterRoom = (voter: string) => `voter:${voter}`;

/** The event names, written once in proto (`proto/src/socket-events.ts`). */
export { clientSocketEvents as clientEvents, serverSocketEvents as serverEvents } from '@meydan/proto';
