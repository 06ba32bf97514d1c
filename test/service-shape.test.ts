/**
 * Every service has the shape services/README.md describes: the same files and folders in src/, each with its role.
 * Read from the sources (imports parsed from the text), so a file put in the wrong layer fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const servicesDir = new URL('../services/', import.meta.url).pathname;
const services = ['auth', 'polls', 'social', 'notifications', 'contact', 'admin'] as const;

const rootFiles = ['app.ts', 'config.ts', 'context.ts', 'main.ts'];
const layers = ['domain', 'model', 'nats', 'routes', 'store'];
/** Folders a service has only when it does that kind of work: periodic jobs, sockets, use cases, calls to other services, views. */
const optionalLayers = ['clients', 'counting', 'jobs', 'realtime', 'timelines', 'usecases', 'views'];
/**
 * The service's own I/O: store/, and in polls its siblings split off by job, counting/ (the vote's Redis step) and
 * timelines/ (feeds and creators' lists). Each of them keeps store/'s rules.
 */
const ownIo = ['store', 'counting', 'timelines'] as const;
/**
 * Services whose routes/ and nats/ are thin adapters around usecases/ (issue 42): only use cases publish and call other
 * services (through clients/). The others join the list as their use cases are written.
 */
const layered: readonly (typeof services)[number][] = ['auth', 'contact', 'admin', 'social', 'polls', 'notifications'];
/** An outbound bus call: a request, or a publish of any kind (binding a responder or a consumer is inbound). */
const outboundBusCall = /\bbus\??\.(request|publish\w*)\(/;
/** What routes/ and nats/ may import only the types of: the own I/O folders, other services' clients, the models. */
const typesOnlyForAdapters = new RegExp(`^\\.\\./(${[...ownIo, 'clients', 'model'].join('|')})/`);
/** Above the own I/O folders: the layers that call them, and the context they are given parts of. */
const aboveOwnIo = /^\.\.\/(routes|nats|jobs|usecases)\/|^\.\.\/context\.js$/;
/** What each layer must not import: the layers above it (and, for clients/, views/ and model/, the own I/O folders). */
const forbiddenImports: Record<string, RegExp> = {
  ...Object.fromEntries(ownIo.map((layer) => [layer, aboveOwnIo])),
  // store/ is the bottom of the own I/O: counting/ and timelines/ are rebuilt from its records, and what a poll's
  // creation or removal does to them is a use case's (usecases/poll-listing.ts), so store/ imports neither.
  store: /^\.\.\/(routes|nats|jobs|usecases|counting|timelines)\/|^\.\.\/context\.js$/,
  clients: /^\.\.\/(routes|nats|jobs|usecases|store|counting|timelines)\/|^\.\.\/context\.js$/,
  model: /^\.\.\/(routes|nats|jobs|store|counting|timelines|usecases|clients)\//,
  usecases: /^\.\.\/(routes|nats|jobs)\//,
  views: /^\.\.\/(routes|nats|jobs|usecases|store|counting|timelines|clients)\//,
  nats: /^\.\.\/routes\//,
  jobs: /^\.\.\/routes\//,
};

/**
 * A request or reply type written by hand in routes/ (`app.post<{ Body: X }>(`, `FastifyRequest<{ Params: Y }>`): a
 * route's types come from the schemas it registers, through the kit's type provider (`ServiceApp`).
 */
const routeGeneric = /\.(get|post|put|patch|delete|head|options|all|route)<\s*\{|\bFastify(Request|Reply)<\s*\{/;

/** Modules that do I/O: a domain/ file imports none of them. */
const ioModules = [
  /^mongoose$/,
  /^mongodb$/,
  /^ioredis$/,
  /^nats$/,
  /^@nats-io\//,
  /^fastify$/,
  /^@fastify\//,
  /^undici$/,
  /^(node:)?(fs|fs\/promises|net|tls|http|https|http2|dgram|dns|child_process)$/,
];
/** node:net's address checks are string parsing, not I/O: the one thing a domain/ file may take from it. */
const pureFromNet = new Set(['isIP', 'isIPv4', 'isIPv6']);

type Import = { from: string; names: string[]; typeOnly: boolean };

/** The file's `import … from '…'`, `export … from '…'` and `import('…')`, with the names each one takes. */
function importsOf(source: string): Import[] {
  const found: Import[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const names =
      /\{([^}]*)\}/
        .exec(m[3]!)?.[1]
        ?.split(',')
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean) ?? [];
    found.push({ from: m[4]!, names, typeOnly: Boolean(m[2]) });
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push({ from: m[1]!, names: [], typeOnly: false });
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ from: m[1]!, names: [], typeOnly: false });
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const srcOf = (service: string) => join(servicesDir, service, 'src');
/** The .ts files of one layer of the service; none when it has no such folder. */
const layerFiles = (service: string, layer: string) =>
  readdirSync(srcOf(service)).includes(layer) ? filesUnder(join(srcOf(service), layer)) : [];
const read = (path: string) => readFileSync(path, 'utf8');
const relative = (path: string) => path.slice(servicesDir.length - 'services/'.length);

/** Every line of the files that matches, as `path:line: text`; with `codeOnly`, not a comment line. */
function linesMatching(files: string[], pattern: RegExp, codeOnly = false): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, i) => ({ line: line.trim(), at: `${relative(file)}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line) && !(codeOnly && /^(\/\/|\/\*|\*)/.test(line)))
      .map(({ line, at }) => `${at}: ${line}`),
  );
}

/** Functions of the file longer than `most` lines, as `path:line (n lines)`: parsed by TypeScript, nested ones too. */
function longFunctions(file: string, most: number): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      if (lines > most) found.push(`${relative(file)}:${lineOf(node.getStart())} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('service shape', () => {
  it('the parser finds what a domain file must not have', () => {
    const parsed = importsOf(
      `import type { Model } from 'mongoose';\nimport { isIPv4, connect as c } from 'node:net';\nimport 'ioredis';\nconst x = await import('nats');`,
    );
    expect(parsed).toEqual([
      { from: 'mongoose', names: ['Model'], typeOnly: true },
      { from: 'node:net', names: ['isIPv4', 'connect'], typeOnly: false },
      { from: 'ioredis', names: [], typeOnly: false },
      { from: 'nats', names: [], typeOnly: false },
    ]);
  });

  it('the layer rules catch what they forbid: each own I/O folder gets the same rules as store/', () => {
    for (const layer of ownIo) {
      for (const from of [
        '../usecases/votes.js',
        '../routes/polls.js',
        '../nats/votes.js',
        '../jobs/x.js',
        '../context.js',
      ])
        expect(forbiddenImports[layer]!.test(from), `${layer}/ importing ${from}`).toBe(true);
      for (const from of ['../model/index.js', '../domain/ballots.js', '../store/keys.js'])
        expect(forbiddenImports[layer]!.test(from), `${layer}/ importing ${from}`).toBe(false);
      expect(typesOnlyForAdapters.test(`../${layer}/x.js`)).toBe(true);
      for (const below of ['clients', 'views', 'model'])
        expect(forbiddenImports[below]!.test(`../${layer}/x.js`), `${below}/ importing ${layer}/`).toBe(true);
    }
    expect(typesOnlyForAdapters.test('../usecases/votes.js')).toBe(false);
    expect(outboundBusCall.test('await ctx.bus.publish(subject, event);')).toBe(true);
  });

  it('the route generic rule catches a type written beside a schema, and not a route typed by its schemas', () => {
    for (const line of [
      'app.post<{ Params: PollIdParams; Body: PollVoteBody }>(',
      'app.get<{ Querystring: AuditQuery }>(',
      'const decide = async (request: FastifyRequest<{ Params: HeldParams }>) => {',
    ])
      expect(routeGeneric.test(line), line).toBe(true);
    for (const line of [
      'app.post(',
      'const memberOf = (request: FastifyRequest): string =>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of a route file's source, a template literal there
      'app.get(`/api/x/${kind}`, {',
    ])
      expect(routeGeneric.test(line), line).toBe(false);
  });

  for (const service of services) {
    describe(service, () => {
      it('has main.ts, app.ts, config.ts, context.ts and the layer folders, nothing else', () => {
        const entries = readdirSync(srcOf(service));
        const files = entries.filter((e) => !statSync(join(srcOf(service), e)).isDirectory()).sort();
        const folders = entries.filter((e) => statSync(join(srcOf(service), e)).isDirectory());
        expect(files).toEqual(rootFiles);
        expect(folders.filter((f) => !optionalLayers.includes(f)).sort()).toEqual(layers);
      });

      it('domain/ is pure: no I/O module, no other layer, no fetch', () => {
        const offences = filesUnder(join(srcOf(service), 'domain')).flatMap((file) => {
          const source = read(file);
          const bad = importsOf(source)
            .filter(({ from, names }) => {
              if (
                /^\.\.\/(store|counting|timelines|nats|routes|jobs|realtime)\//.test(from) ||
                from === '../context.js'
              )
                return true;
              if (!ioModules.some((m) => m.test(from))) return false;
              return !(/^(node:)?net$/.test(from) && names.length > 0 && names.every((n) => pureFromNet.has(n)));
            })
            .map(({ from }) => from);
          // A model is a mongoose schema: a domain file may know its type, never load it.
          bad.push(
            ...importsOf(source)
              .filter(({ from, typeOnly }) => from.startsWith('../model/') && !typeOnly)
              .map(({ from }) => from),
          );
          if (/\bfetch\s*\(/.test(source)) bad.push('fetch()');
          return bad.map((what) => `${relative(file)}: ${what}`);
        });
        expect(offences).toEqual([]);
      });

      it('views/ do no I/O: no I/O module, no fetch (they shape what leaves the service from what they are given)', () => {
        const offences = layerFiles(service, 'views').flatMap((file) => {
          const bad = importsOf(read(file))
            .filter(({ from, typeOnly }) => !typeOnly && ioModules.some((m) => m.test(from)))
            .map(({ from }) => from);
          if (/\bfetch\s*\(/.test(read(file))) bad.push('fetch()');
          return bad.map((what) => `${relative(file)}: ${what}`);
        });
        expect(offences).toEqual([]);
      });

      it('routes/ do not import mongoose or ioredis (their queries live in store/)', () => {
        const offences = filesUnder(join(srcOf(service), 'routes')).flatMap((file) =>
          importsOf(read(file))
            .filter(({ from }) => /^(mongoose|mongodb|ioredis)$/.test(from))
            .map(({ from }) => `${relative(file)}: ${from}`),
        );
        expect(offences).toEqual([]);
      });

      it("routes/ write no request or reply generic: a route's types come from the schemas it registers (the kit's ServiceApp)", () => {
        expect(linesMatching(filesUnder(join(srcOf(service), 'routes')), routeGeneric, true)).toEqual([]);
      });

      it('routes/ run no MongoDB query and no Redis command themselves (store/ functions do)', () => {
        const query =
          /\.(lean|findOne|findById|findOneAndUpdate|findByIdAndUpdate|updateOne|updateMany|deleteOne|deleteMany|countDocuments|insertMany|bulkWrite|aggregate)\(|\bredis\.\w+\(/;
        expect(linesMatching(filesUnder(join(srcOf(service), 'routes')), query)).toEqual([]);
      });

      it('imports go down the layers: store/, counting/, timelines/, clients/, views/ and model/ import no usecases/, routes/, nats/ or jobs/ (nor context.ts), store/ neither counting/ nor timelines/; usecases/ no adapter', () => {
        const offences = Object.entries(forbiddenImports).flatMap(([layer, forbidden]) =>
          layerFiles(service, layer).flatMap((file) =>
            importsOf(read(file))
              .filter(({ from }) => forbidden.test(from))
              .map(({ from }) => `${relative(file)}: ${from}`),
          ),
        );
        expect(offences).toEqual([]);
      });

      it('app.ts registers every route group one way: app.register(routes, { ctx })', () => {
        const app = read(join(srcOf(service), 'app.ts'));
        const groups = importsOf(app)
          .filter(({ from }) => from.startsWith('./routes/'))
          .flatMap(({ names }) => names.filter((name) => name.endsWith('Routes')));
        expect(groups.length).toBeGreaterThan(0);
        const otherwise = groups.filter(
          (name) =>
            !new RegExp(`app\\.register\\(${name}, \\{ (ctx|deps) \\}\\)`).test(app) ||
            new RegExp(`(?<!register\\()\\b${name}\\(`).test(app),
        );
        expect(otherwise).toEqual([]);
      });

      it("context.ts exports createContext(deps) building on the kit's baseContext, with the models under ctx.models and no deps", () => {
        const context = read(join(srcOf(service), 'context.ts'));
        expect(context).toMatch(/^export function createContext\(deps: ServiceDeps\): \w+Context \{/m);
        expect(context).toMatch(/^export interface \w+Context extends BaseContext<\w+Config> \{\n {2}models: Models;/m);
        expect(context).toMatch(/\.\.\.(baseContext\(deps, \w+Config\)|base),/);
        expect(context).not.toMatch(/^\s+deps\??:/m);
      });

      it('config.ts extends serviceConfigSchema and fills in its defaults with withDefaults', () => {
        const config = read(join(srcOf(service), 'config.ts'));
        expect(config).toMatch(/^export const \w+ConfigSchema = (\{\n\s+\.\.\.)?serviceConfigSchema\(/m);
        expect(config).toMatch(
          /^export function \w+Config\(config: BaseConfig\): \w+Config \{\n {2}return withDefaults<\w+Config>\(\w+ConfigSchema, config\);/m,
        );
      });

      it('model/index.ts exports createModels(conn) and Models', () => {
        const models = read(join(srcOf(service), 'model', 'index.ts'));
        expect(models).toMatch(/^export function createModels\(conn: Connection\)/m);
        expect(models).toMatch(/^export (type Models =|interface Models \{)/m);
      });

      it('nats/ handlers import no mongoose and query no model: their I/O is a named store/ function', () => {
        const query =
          /\bmodels\.\w+|\.(find\(\{|findOne|findById|findOneAndUpdate|findByIdAndUpdate|updateOne|updateMany|deleteOne|deleteMany|countDocuments|insertMany|bulkWrite|aggregate|lean)\(/;
        const offending = filesUnder(join(srcOf(service), 'nats')).filter((file) => {
          const source = read(file);
          return (
            importsOf(source).some(({ from }) => /^(mongoose|mongodb)$/.test(from)) ||
            source.split('\n').some((line) => query.test(line))
          );
        });
        expect(offending.map(relative)).toEqual([]);
      });

      it('names no durable consumer itself: the kit names them `<service>--<purpose>`', () => {
        const literal = new RegExp(`['"\`](${services.join('|')})--`);
        expect(linesMatching(filesUnder(srcOf(service)), literal, true)).toEqual([]);
      });

      it('nats/ holds inbound handlers: only app.ts and other nats/ files import them', () => {
        const offences = filesUnder(srcOf(service))
          .filter((file) => !file.includes('/src/nats/') && !file.endsWith('/src/app.ts'))
          .flatMap((file) =>
            importsOf(read(file))
              .filter(({ from }) => /^\.{1,2}\/nats\//.test(from))
              .map(({ from }) => `${relative(file)}: ${from}`),
          );
        expect(offences).toEqual([]);
      });
    });
  }

  for (const service of layered) {
    describe(`${service}: routes/ and nats/ are thin adapters around usecases/`, () => {
      const adapters = () => [...layerFiles(service, 'routes'), ...layerFiles(service, 'nats')];

      it('has a usecases/ folder', () => {
        expect(readdirSync(srcOf(service))).toContain('usecases');
      });

      it("routes/ and nats/ make no outbound bus call: requests and publishes are the use cases' (through clients/)", () => {
        expect(linesMatching(adapters(), outboundBusCall)).toEqual([]);
      });

      it("store/, counting/ and timelines/ make no outbound bus call either: their I/O is the service's own (other services are clients/, events the use cases')", () => {
        expect(
          linesMatching(
            ownIo.flatMap((layer) => layerFiles(service, layer)),
            outboundBusCall,
          ),
        ).toEqual([]);
      });

      it('routes/ and nats/ import use cases and types: nothing but types from store/, counting/, timelines/, clients/ or model/', () => {
        const offences = adapters().flatMap((file) =>
          importsOf(read(file))
            .filter(({ from, typeOnly }) => !typeOnly && typesOnlyForAdapters.test(from))
            .map(({ from }) => `${relative(file)}: ${from}`),
        );
        expect(offences).toEqual([]);
      });

      it('usecases/ never import fastify: a use case is called without HTTP', () => {
        const offences = layerFiles(service, 'usecases').flatMap((file) =>
          importsOf(read(file))
            .filter(({ from }) => /^(fastify|@fastify\/.*)$/.test(from))
            .map(({ from }) => `${relative(file)}: ${from}`),
        );
        expect(offences).toEqual([]);
      });

      it('every route file reads in one screen: at most 200 lines, none of its functions over 60', () => {
        const long = layerFiles(service, 'routes')
          .map((file) => ({ file: relative(file), lines: read(file).trimEnd().split('\n').length }))
          .filter(({ lines }) => lines > 200);
        expect(long).toEqual([]);
        expect(layerFiles(service, 'routes').flatMap((file) => longFunctions(file, 60))).toEqual([]);
      });
    });
  }
});
