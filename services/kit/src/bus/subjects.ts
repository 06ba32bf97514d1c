import type { BusContracts, PayloadOf, RequestContract } from '@meydan/proto';

/** The JetStream event subjects of a registry, and what a consumer of a subject or filter receives. */
export type EventSubject<C extends BusContracts> = keyof C['events'] & string;
export type ConsumeSubject<C extends BusContracts> = (keyof C['events'] | keyof C['filters']) & string;
export type EventPayload<C extends BusContracts, S extends string> = S extends keyof C['events']
  ? PayloadOf<C['events'][S]>
  : S extends keyof C['filters']
    ? PayloadOf<C['filters'][S]>
    : never;
export type RequestSubject<C extends BusContracts> = keyof C['requests'] & string;
export type RequestPayload<C extends BusContracts, S extends string> = S extends keyof C['requests']
  ? C['requests'][S] extends RequestContract<infer Q, unknown>
    ? Q
    : never
  : never;
export type ReplyPayload<C extends BusContracts, S extends string> = S extends keyof C['requests']
  ? C['requests'][S] extends RequestContract<unknown, infer R>
    ? R
    : never
  : never;
export type LiveSubject<C extends BusContracts> = keyof C['live'] & string;
export type LivePayload<C extends BusContracts, S extends string> = S extends keyof C['live']
  ? PayloadOf<C['live'][S]>
  : never;
