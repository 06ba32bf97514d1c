/**
 * The kit's type provider: a route's request and reply types are those of the schemas it registers. The type checks
 * are made by `tsc -p tsconfig.test.json` (a `@ts-expect-error` that no longer finds an error fails it); the app below
 * answers as its schemas say at run time too.
 */
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type * as proto from '@meydan/proto';
import {
  allSchemas,
  type AnySchema,
  type PollIdParams,
  type PollVoteBody,
  type SchemaId,
  type SchemaTypes,
  type VoteResult,
} from '@meydan/proto';
import { createServiceApp, type ServiceApp, type TypeOfSchema } from '@meydan/kit';
import { asMember, startTestService, type TestService } from '@meydan/testing';

/** The exports of proto that carry an `$id`: what `allSchemas` registers (proto/test/schemas.test.ts). */
type Exported = typeof proto;
type WithId = { [K in keyof Exported]: Exported[K] extends { readonly $id: string } ? K : never }[keyof Exported];
/** Those whose `$id` the provider has no type for: none. */
type Untyped = {
  [K in WithId]: Exported[K] extends AnySchema
    ? unknown extends TypeOfSchema<{ $ref: Exported[K]['$id'] }>
      ? K
      : never
    : K;
}[WithId];

describe('the type provider', () => {
  it("has a type for every schema's $id, the one proto derives from that schema", () => {
    expectTypeOf<WithId>().not.toBeNever();
    expectTypeOf<Untyped>().toBeNever();
    expectTypeOf<TypeOfSchema<{ $ref: 'meydan/poll-vote' }>>().toEqualTypeOf<PollVoteBody>();
    expectTypeOf<TypeOfSchema<{ $ref: 'meydan/poll-vote#' }>>().toEqualTypeOf<PollVoteBody>();
    expectTypeOf<TypeOfSchema<{ $ref: 'meydan/pol-vote' }>>().toBeUnknown();
    const ids: SchemaId[] = allSchemas.map((schema) => schema.$id);
    expect(ids.length).toBeGreaterThan(100);
    expectTypeOf<SchemaTypes[SchemaId]>().not.toBeUnknown();
  });

  it('types an inline schema by FromSchema, its $refs into proto resolved, and a binary answer as bytes', () => {
    const list = { type: 'array', items: { $ref: 'meydan/vote-result#' } } as const;
    expectTypeOf<TypeOfSchema<typeof list>>().toEqualTypeOf<VoteResult[]>();
    const file = { type: 'string', format: 'binary' } as const;
    expectTypeOf<TypeOfSchema<typeof file>>().toEqualTypeOf<string>();
    expectTypeOf<TypeOfSchema<typeof file, [{ pattern: typeof file; output: Buffer | Readable }]>>().toEqualTypeOf<
      Buffer | Readable
    >();
    expectTypeOf<TypeOfSchema<undefined>>().toBeUnknown();
  });

  describe('on a service app', () => {
    let svc: TestService | undefined;
    afterEach(async () => {
      await svc?.close();
      svc = undefined;
    });

    /** A route as the services write them: the schema's `$ref`s, no generic. */
    const voteRoute = (app: ServiceApp) =>
      app.post(
        '/api/typed/:id/vote',
        {
          schema: {
            params: { $ref: 'meydan/poll-id-params' },
            body: { $ref: 'meydan/poll-vote' },
            response: { 200: { $ref: 'meydan/message' } },
          },
        },
        async (request) => {
          expectTypeOf(request.params).toEqualTypeOf<PollIdParams>();
          expectTypeOf(request.body).toEqualTypeOf<PollVoteBody>();
          // @ts-expect-error a field the body's schema does not have
          expect(request.body.pollId).toBeUndefined();
          return { message: `${request.params.id}:${request.body.optionIndex ?? '-'}` };
        },
      );

    /** An answer that is not its response schema's does not compile. */
    const wrongAnswerRoute = (app: ServiceApp) =>
      app.get(
        '/api/typed/wrong-answer',
        { schema: { response: { 200: { $ref: 'meydan/message' } } } },
        // @ts-expect-error `text` where the schema says `message`
        async () => ({ text: 'x' }),
      );

    it('gives the handler the schema-typed request, and answers through the same schemas', async () => {
      svc = await startTestService('contact', async (deps) => {
        const app = await createServiceApp('contact', deps);
        voteRoute(app);
        wrongAnswerRoute(app);
        return app;
      });
      const url = '/api/typed/5f0c0e0e0e0e0e0e0e0e0e0e/vote';
      const ok = await svc.app.inject({ method: 'POST', url, headers: asMember('u1'), payload: { optionIndex: 1 } });
      expect(ok.json()).toEqual({ message: '5f0c0e0e0e0e0e0e0e0e0e0e:1' });
      const refused = await svc.app.inject({ method: 'POST', url, headers: asMember('u1'), payload: { pollId: 'x' } });
      expect(refused.statusCode).toBe(400);
    });
  });
});
