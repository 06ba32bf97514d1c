/** Contracts of the kit tests' own subjects (the kit's bus refuses subjects without one). */
import { defineContract, type BusContracts, type Contract, type RequestContract } from '@meydan/proto';

const object = (id: string, properties: Record<string, object>, required = Object.keys(properties)) => ({
  $id: `kit-test/${id}`,
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const anything = { $id: 'kit-test/anything' };

/** Request/reply subjects the bus tests answer. */
export const requestContracts = {
  events: {},
  filters: {},
  live: {},
  requests: {
    'test.nobody': {
      request: defineContract<Record<string, never>>(object('empty', {})),
      reply: defineContract<unknown>(anything),
    },
    'test.slow': {
      request: defineContract<Record<string, never>>(object('empty', {})),
      reply: defineContract<unknown>(anything),
    },
    'test.lookup': {
      request: defineContract<{ id: string }>(object('lookup', { id: { type: 'string' } })),
      reply: defineContract<{ id: string; username: string }>(
        object('lookup-reply', { id: { type: 'string' }, username: { type: 'string' } }),
      ),
    },
    'test.liar': {
      request: defineContract<{ id: string }>(object('lookup', { id: { type: 'string' } })),
      reply: defineContract<{ id: string; username: string }>(
        object('lookup-reply', { id: { type: 'string' }, username: { type: 'string' } }),
      ),
    },
    'test.double': {
      request: defineContract<{ n: number }>(object('double', { n: { type: 'integer' } })),
      reply: defineContract<{ double: number }>(object('double-reply', { double: { type: 'integer' } })),
    },
    'test.echo': {
      request: defineContract<Record<string, never>>(object('empty', {})),
      reply: defineContract<{ ok: number }>(object('echo', { ok: { type: 'integer' } })),
    },
  },
} as const satisfies BusContracts;

export interface WorkEvent {
  i: number;
}

type Tagged<Name extends string> = `events.test.${string}.${Name}`;

/** The tests' JetStream and live subjects, by pattern (each run has its own tag). */
export interface TaggedContracts extends BusContracts {
  events: {
    [subject: Tagged<'poison'>]: Contract<{ pollId: string }>;
    [subject: Tagged<'dedupe'>]: Contract<{ v: number }>;
    [subject: Tagged<'work' | 'batch' | 'gathered' | 'invalid' | 'reliable'>]: Contract<WorkEvent>;
  };
  filters: Record<never, Contract>;
  requests: Record<never, RequestContract>;
  live: { [subject: `live.test.${string}`]: Contract<WorkEvent> };
}

/** JetStream subjects of one test run (`tag` keeps runs apart on the shared server). */
export function eventContracts(tag: string) {
  const work = defineContract<WorkEvent>(object('work', { i: { type: 'integer', minimum: 0 } }));
  const subjects = {
    poison: `events.test.${tag}.poison`,
    work: `events.test.${tag}.work`,
    dedupe: `events.test.${tag}.dedupe`,
    batch: `events.test.${tag}.batch`,
    gathered: `events.test.${tag}.gathered`,
    invalid: `events.test.${tag}.invalid`,
    reliable: `events.test.${tag}.reliable`,
    live: `live.test.${tag}`,
  } as const;
  const contracts = {
    events: {
      [subjects.poison]: defineContract<{ pollId: string }>(object('poison', { pollId: { type: 'string' } })),
      [subjects.work]: work,
      [subjects.dedupe]: defineContract<{ v: number }>(object('dedupe', { v: { type: 'integer' } })),
      [subjects.batch]: work,
      [subjects.gathered]: work,
      [subjects.invalid]: work,
      [subjects.reliable]: work,
    },
    filters: {},
    requests: {},
    live: { [subjects.live]: work },
  } as TaggedContracts;
  return { subjects, contracts };
}
