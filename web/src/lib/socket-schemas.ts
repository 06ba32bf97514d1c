/**
 * The realtime socket's server → client events the hub reads: event name → proto `$id` (compiled by web/scripts/ with
 * the form schemas), proto's own table (names and ids only, no schema).
 */
import { serverSocketEvents, serverSocketSchemaIds, type ServerSocketEvent } from '@meydan/proto';

export type { ServerSocketEvent };

export const socketSchemas = serverSocketSchemaIds;

/** The exported name of an event's compiled validator (standalone code wants identifiers): `poll_update` → `socketPollUpdate`. */
const validatorName = (event: string) =>
  `socket${event.replace(/(?:^|_)([a-z])/g, (_m, c: string) => c.toUpperCase())}`;

export const socketValidatorNames = Object.fromEntries(
  Object.values(serverSocketEvents).map((event) => [event, validatorName(event)]),
) as Record<ServerSocketEvent, string>;
