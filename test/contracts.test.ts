/**
 * The contract test: every NATS subject of proto/src/subjects.ts has a schema in proto's contracts, every socket
 * event of proto/src/socket-events.ts has one too, and every NATS call site in the services and the gateway goes
 * through the kit's bus with a subject constant from proto (so the bus can type and validate it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  allSchemas,
  clientSocketEvents,
  createAjv,
  events,
  healthSubject,
  live,
  mailRequestedFilter,
  natsContracts,
  natsUsage,
  openapiSubject,
  serverSocketEvents,
  serviceNames,
  socketContracts,
  subjects,
  work,
  type NatsProcess,
} from '@meydan/proto';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every string leaf of a nested constant object. */
const leaves = (value: object): string[] =>
  Object.values(value).flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'object' && v ? leaves(v) : []));

const sorted = (list: Iterable<string>) => [...list].sort();

describe('contracts', () => {
  it('give every subject constant a schema, and have none without a constant', () => {
    expect(sorted(Object.keys(natsContracts.events))).toEqual(sorted(leaves(events)));
    expect(sorted(Object.keys(natsContracts.requests))).toEqual(sorted(leaves(subjects)));
    expect(sorted(Object.keys(natsContracts.live))).toEqual(sorted(leaves(live)));
    expect(Object.keys(natsContracts.filters)).toEqual([mailRequestedFilter, work.adminBulkEmailFilter]);
    for (const service of serviceNames) expect(natsContracts.requests).toHaveProperty([healthSubject(service)]);
  });

  it('give every socket event a schema', () => {
    expect(sorted(Object.keys(socketContracts.server))).toEqual(sorted(Object.values(serverSocketEvents)));
    expect(sorted(Object.keys(socketContracts.client))).toEqual(sorted(Object.values(clientSocketEvents)));
  });

  it('use registered proto schemas that compile', () => {
    const registered = new Set<string>(allSchemas.map((s) => s.$id));
    const ajv = createAjv();
    const contracts = [
      ...Object.values(natsContracts.events),
      ...Object.values(natsContracts.filters),
      ...Object.values(natsContracts.live),
      ...Object.values(natsContracts.requests).flatMap((r) => [r.request, r.reply]),
      ...Object.values(socketContracts.server),
      ...Object.values(socketContracts.client),
    ];
    for (const contract of contracts) {
      expect(registered.has(contract.schema.$id), contract.schema.$id).toBe(true);
      expect(ajv.getSchema(contract.schema.$id), contract.schema.$id).toBeTypeOf('function');
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Source scan

/** The TypeScript sources of the services and the gateway (tests may bypass the bus on purpose). */
function sources(): { file: string; text: string }[] {
  const dirs = [
    join(root, 'gateway/src'),
    ...readdirSync(join(root, 'services'), { withFileTypes: true })
      .filter((s) => s.isDirectory())
      .map((s) => join(root, 'services', s.name, 'src')),
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  for (const dir of dirs) if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) walk(dir);
  return files.map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
}

/** The kit's bus is the one place that talks to NATS directly. */
const isBusFile = (file: string) =>
  file.startsWith('services/kit/src/bus/') || file === 'services/kit/src/connections.ts';

/** A subject argument is a proto constant, or a helper's parameter whose type the compiler holds to the contracts. */
const subjectConstant =
  /^(?:(?:events|subjects|live)\.[A-Za-z]+\.[A-Za-z]+|live\.[A-Za-z]+|(?:health|openapi)Subject\([A-Za-z]+\)?|mailRequestedFilter|subject)$/;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Call sites of the bus: `<method>(<first argument>` and `filterSubject: <value>`. */
function busCalls(text: string): { index: number; method: string; subject: string }[] {
  const calls: { index: number; method: string; subject: string }[] = [];
  const call = /\bbus\s*\.\s*(publish|publishReliably|publishLive|subscribeLive|listen|respond|request)\(\s*([^,)]*)/g;
  for (const m of text.matchAll(call)) calls.push({ index: m.index, method: m[1]!, subject: m[2]!.trim() });
  const consume = /\bbus\s*\.\s*(consume|consumeBatches)\(\{[\s\S]*?filterSubject:\s*([^,\n}]+)/g;
  for (const m of text.matchAll(consume)) calls.push({ index: m.index, method: m[1]!, subject: m[2]!.trim() });
  return calls;
}

describe('NATS call sites', () => {
  const files = sources().filter((f) => !isBusFile(f.file));

  it('are found by the scan (it would not pass by finding nothing)', () => {
    const methods = new Set(files.flatMap((f) => busCalls(f.text).map((c) => c.method)));
    for (const method of [
      'publish',
      'publishReliably',
      'publishLive',
      'subscribeLive',
      'listen',
      'respond',
      'request',
      'consume',
      'consumeBatches',
    ]) {
      expect(methods, method).toContain(method);
    }
  });

  it('pass a subject constant from proto, never a string literal', () => {
    const offenders = files.flatMap((f) =>
      busCalls(f.text)
        .filter((c) => !subjectConstant.test(c.subject))
        .map((c) => `${f.file}:${lineOf(f.text, c.index)} ${c.method}(${c.subject})`),
    );
    expect(offenders).toEqual([]);
  });

  it('go through the bus: no raw NATS publish, subscribe, request or JSON decoding outside it', () => {
    const raw =
      /\b(?:nc|nats|js|jetstream\(\))\s*\.\s*(?:publish|subscribe|request|consumers)\b|\bJSONCodec\b|\.jetstream\(\)\.publish/g;
    const offenders = files.flatMap((f) =>
      [...f.text.matchAll(raw)].map((m) => `${f.file}:${lineOf(f.text, m.index)} ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("each process's NATS usage (proto's natsUsage, which its NATS permissions are made of)", () => {
  const constants = { events, subjects, live } as Record<string, Record<string, Record<string, string> | string>>;
  /** The subject a proto constant expression names: `subjects.auth.usersGet` → `auth.users.get`. */
  const subjectOf = (expression: string): string | undefined => {
    const [root, ...path] = expression.split('.');
    let value: unknown = constants[root!];
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  const processOf = (file: string): NatsProcess | null => {
    if (file.startsWith('gateway/src/')) return 'gateway';
    const service = /^services\/([a-z]+)\/src\//.exec(file)?.[1];
    return service && (serviceNames as readonly string[]).includes(service) ? (service as NatsProcess) : null;
  };
  /** What each process's code does on NATS, read from its bus call sites. */
  function usedBy(): Record<NatsProcess, { requests: Set<string>; listens: Set<string>; live: Set<string> }> {
    const used = Object.fromEntries(
      [...serviceNames, 'gateway'].map((p) => [
        p,
        { requests: new Set<string>(), listens: new Set<string>(), live: new Set<string>() },
      ]),
    ) as Record<NatsProcess, { requests: Set<string>; listens: Set<string>; live: Set<string> }>;
    for (const { file, text } of sources()) {
      const process = processOf(file);
      if (!process) continue;
      for (const call of busCalls(text)) {
        const kind =
          call.method === 'request'
            ? 'requests'
            : call.method === 'listen'
              ? 'listens'
              : call.method === 'subscribeLive'
                ? 'live'
                : null;
        if (!kind) continue;
        const helper = /^(health|openapi)Subject\(/.exec(call.subject);
        // A helper over every service (the gateway's health and OpenAPI gathering) asks each of them.
        const values = helper
          ? serviceNames.map((s) => (helper[1] === 'health' ? healthSubject(s) : openapiSubject(s)))
          : [subjectOf(call.subject)];
        for (const value of values) {
          expect(value, `${file}:${lineOf(text, call.index)} ${call.subject}`).toBeDefined();
          used[process][kind].add(value!);
        }
      }
      // The kit's user summaries ask auth for them on behalf of the process that makes one.
      if (/new UserSummaries\(/.test(text)) used[process].requests.add(subjects.auth.usersSummaries);
    }
    return used;
  }

  it('names every request, heard event and live subject its code uses, and nothing its code does not', () => {
    const used = usedBy();
    for (const process of [...serviceNames, 'gateway'] as const) {
      expect(sorted(natsUsage[process].requests), `${process} requests`).toEqual(sorted(used[process].requests));
      expect(sorted(natsUsage[process].listens), `${process} listens`).toEqual(sorted(used[process].listens));
      expect(sorted(natsUsage[process].live), `${process} live`).toEqual(sorted(used[process].live));
    }
  });

  it('names subjects of the contracts only, and requests answered by another process', () => {
    for (const [process, usage] of Object.entries(natsUsage)) {
      for (const subject of usage.requests) {
        expect(natsContracts.requests, `${process}: ${subject}`).toHaveProperty([subject]);
        expect(subject.split('.')[0], `${process}: ${subject}`).not.toBe(process);
      }
      for (const subject of usage.listens)
        expect(natsContracts.events, `${process}: ${subject}`).toHaveProperty([subject]);
      for (const subject of usage.live) expect(natsContracts.live, `${process}: ${subject}`).toHaveProperty([subject]);
    }
  });
});
