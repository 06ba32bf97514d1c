/**
 * Route schemas compiled when a route first needs them, not when the app starts. Fastify compiles every route's
 * validators (ajv) and response serializers (fast-json-stringify) while it starts: two seconds of CPU for polls, most
 * of a service's start, for routes a process may never serve (and paid again by every test that builds an app).
 * Here each compiler hands Fastify a function that compiles on its first call and keeps the result.
 *
 * A schema that cannot compile would then fail on its route's first request instead of at start:
 * `compileEverySchema(app)` compiles all of an app's at once, and test/route-schemas.test.ts runs it over every
 * service, so a broken schema still fails the gate.
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

type Compile<F> = () => F;

/** What each app handed out, to compile on demand: app → its pending compilations. */
const pendingOf = new WeakMap<object, Set<() => void>>();

/** A validator that compiles on its first call; Fastify reads `errors` from the function it was given. */
type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

function lazyValidator(pending: Set<() => void>, compile: Compile<Validator>) {
  let compiled: Validator;
  const ensure = () => {
    compiled ??= compile();
    pending.delete(ensure);
    return compiled;
  };
  pending.add(ensure);
  const validate: Validator = (data: unknown) => {
    const fn = ensure();
    const result = fn(data);
    validate.errors = fn.errors;
    return result;
  };
  return validate;
}

/** A serializer that compiles on its first call. */
function lazySerializer(pending: Set<() => void>, compile: Compile<(data: unknown) => string>) {
  let compiled: (data: unknown) => string;
  const ensure = () => {
    compiled ??= compile();
    pending.delete(ensure);
    return compiled;
  };
  pending.add(ensure);
  return (data: unknown) => ensure()(data);
}

/**
 * Fastify options and a validator compiler for an app whose schemas compile on first use. `schemaController` goes
 * into the Fastify constructor; `install(app, compile)` sets the validator compiler (`compile` builds a validator
 * for a route part, as `setValidatorCompiler` would).
 */
export function lazySchemaCompilers(): {
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  install: (app: FastifyInstance, compile: (route: { schema: object; httpPart?: string }) => Validator) => void;
} {
  const pending = new Set<() => void>();
  const buildDefault = SerializerSelector();
  return {
    schemaController: {
      compilersFactory: {
        buildSerializer: (externalSchemas: unknown, serializerOpts: unknown) => {
          const compileSerializer = buildDefault(externalSchemas as never, serializerOpts as never);
          return (route: Parameters<typeof compileSerializer>[0]) =>
            lazySerializer(pending, () => compileSerializer(route) as (data: unknown) => string);
        },
      },
    },
    install(app, compile) {
      pendingOf.set(app, pending);
      app.setValidatorCompiler((route) =>
        lazyValidator(pending, () => compile(route as { schema: object; httpPart?: string })),
      );
    },
  };
}

/**
 * Compiles every validator and serializer the app has handed out and not yet compiled (after `ready()`); throws what a
 * schema's compilation throws. Returns how many it compiled.
 */
export function compileEverySchema(app: FastifyInstance): number {
  const pending = pendingOf.get(app);
  if (!pending) throw new Error('this app does not compile its schemas lazily (createFastify does)');
  const all = [...pending];
  for (const ensure of all) ensure();
  return all.length;
}
