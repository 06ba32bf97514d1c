/**
 * Builds the browser's form and realtime socket validators from the proto schemas, ahead of time.
 *
 * The gateway's Content-Security-Policy allows no `unsafe-eval`, so ajv cannot compile schemas in the browser (it
 * compiles to code with `new Function`). Instead ajv's standalone mode turns the schemas the forms need into plain
 * JavaScript here, with the same options, formats, ajv-errors texts and the `meydanPollOptions` keyword as
 * `createAjv()` in @meydan/proto; the web app pairs them with proto's `formatErrors`, so a form shows exactly the
 * Turkish message the server would answer.
 */
import { Ajv, _, type KeywordCxt } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import ajvErrorsModule from 'ajv-errors';
import ajvFormatsModule from 'ajv-formats';
// From source, so the validators follow the schemas even before proto is built.
import { allSchemas, pollOptionsProblem } from '../../proto/src/index.js';

import { formSchemas } from '../src/lib/form-schemas.js';
import { socketSchemas, socketValidatorNames, type ServerSocketEvent } from '../src/lib/socket-schemas.js';

export { formSchemas };

/** The socket events' validators by export name. */
const socketValidators = Object.fromEntries(
  (Object.keys(socketSchemas) as ServerSocketEvent[]).map((event) => [
    socketValidatorNames[event],
    socketSchemas[event],
  ]),
);

type PluginOf<M> = M extends { default: infer P } ? P : M;
const interop = <M>(mod: M): PluginOf<M> => ((mod as { default?: unknown }).default ?? mod) as PluginOf<M>;

/**
 * The generated modules, by path under web/src/generated/: one per form (so a screen bundles only the forms it
 * imports) and one for the realtime socket's events.
 */
export function generatedValidatorModules(): Record<string, string> {
  const modules: Record<string, string> = { 'socket-validators.ts': validatorsSource(socketValidators, false) };
  for (const [name, id] of Object.entries(formSchemas))
    modules[`forms/${name}.ts`] = validatorsSource({ [name]: id }, true);
  return modules;
}

function validatorsSource(exports: Record<string, string>, forms: boolean): string {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: false,
    strict: false,
    code: { source: true, esm: true, lines: false },
  });
  interop(ajvFormatsModule)(ajv);
  interop(ajvErrorsModule)(ajv);
  // The same rule as proto's keyword, as generated code calling proto's own `pollOptionsProblem`.
  ajv.addKeyword({
    keyword: 'meydanPollOptions',
    type: ['string', 'array'],
    schemaType: 'boolean',
    errors: true,
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      if (schema !== true) return;
      const problemOf = gen.scopeValue('func', {
        ref: pollOptionsProblem,
        code: _`require("@meydan/proto").pollOptionsProblem`,
      });
      const problem = gen.const('problem', _`${problemOf}(${data})`);
      cxt.setParams({ problem });
      cxt.fail(_`${problem} !== null`);
    },
    error: { message: ({ params }) => _`${params['problem']}` },
  });
  for (const schema of allSchemas) ajv.addSchema(schema as object);

  const standalone = interop(standaloneModule);
  let code = standalone(ajv, exports);
  if (forms) {
    // A form carries its validator and its fields' order (for the order of messages), so the browser needs no schema
    // registry, and a screen bundles only the forms it imports.
    code = code.replace(/export const (\w+) = (validate\d+);/g, (_match, name: string, fn: string) => {
      const id = exports[name]!;
      const schema = ajv.getSchema(id)?.schema as { properties?: Record<string, unknown> } | undefined;
      const fields = JSON.stringify(Object.keys(schema?.properties ?? {}));
      return `export const ${name} = { validate: ${fn}, fields: ${fields} };`;
    });
  }

  // The generated code reaches its helpers through require(); the bundle wants ES imports. Proto's helpers are
  // imported by name: a namespace import would keep every export of @meydan/proto (the NATS contract tables, every
  // schema) in the first download of `/`.
  const protoNames = new Set<string>();
  code = code.replace(/require\("@meydan\/proto"\)\.(\w+)/g, (_match, name: string) => {
    protoNames.add(name);
    return `proto_${name}`;
  });
  const modules = new Map<string, string>();
  code = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    let name = modules.get(specifier);
    if (!name) {
      name = `imported${modules.size}`;
      modules.set(specifier, name);
    }
    return `requireInterop(${name})`;
  });
  code = code.replace(/^"use strict";/, '');
  const imports = [
    ...[...modules].map(([specifier, name]) => `import * as ${name} from '${specifier}';`),
    ...(protoNames.size
      ? [`import { ${[...protoNames].map((name) => `${name} as proto_${name}`).join(', ')} } from '@meydan/proto';`]
      : []),
  ].join('\n');
  return [
    '// Generated by web/scripts/generate-validators.ts from the proto schemas: do not edit by hand.',
    '// Regenerated by `npm run build -w @meydan/web`; web/test/validation.test.ts checks it is current.',
    '// @ts-nocheck',
    imports,
    // Node hands a CommonJS module's namespace with module.exports as `default`; bundlers hand its exports directly.
    'const requireInterop = (ns) => (ns.default && typeof ns.default === "object" && ns.default.__esModule ? ns.default : ns);',
    code.trim(),
    '',
  ].join('\n');
}
