// Builds the MongoDB-wire server `npm start` and the tests use when mongod is not installed: FerretDB v1 from the Go
// module proxy, with our mends to its source (FERRETDB_PATCHES) and our Go files added beside them, cached under a
// name that changes with them. servers.mjs asks for it (ensureServerBinaries); the chaos cluster and the FerretDB tests
// call ensureFerretDb directly. Plain Node with built-ins only, like servers.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir, run, say, which } from './install.mjs';

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.0';

/**
 * What the build below mends in FerretDB v1.24: pieces of its source replaced (`from` must be there: a new version
 * that no longer has it stops the build, saying which), and Go files of ours added beside them (deploy/local/ferretdb/,
 * `add`: the file's name there and the package folder it goes to). Nothing else changes; deploy/test/ferretdb.test.ts
 * holds the builds to them.
 * @type {({ file: string, from: string, to: string } | { add: string, to: string })[]}
 */
const FERRETDB_PATCHES = [
  // The SQLite backend creates each collection's `_id` index on `<doc>->"_id"` but looks documents up by
  // `<doc>->'$._id'`: the same value, an expression SQLite does not match to the index, so every find, update and
  // delete by `_id` scans the whole table (an update by `_id` costs 10 ms of CPU at 5,000 documents, growing with
  // them). The lookups now use the index's own expression.
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  // An update reads the documents it matches with one PostgreSQL connection of the pool (50) and writes each with
  // another while still reading; an update command of many statements keeps every statement's reader open until it
  // ends. Fifty statements in one command (a bulk write of 50 replaceOne), or fifty updates at once, then held the
  // whole pool and waited for one more connection for ever: FerretDB answered nothing again (the cluster chaos run).
  // The matched documents are now read to the end and the reader closed, then written, as its delete already does
  // (the slice they are kept in is closed with the command: FerretDB checks that every iterator is).
  {
    file: 'internal/handler/msg_update.go',
    from: 'result, err := common.UpdateDocument(ctx, c, "update", iter, &u)',
    to: [
      'docs, err := iterator.ConsumeValues(iter)',
      '\t\tcloser.Close()',
      '\t\tif err != nil {',
      '\t\t\treturn 0, 0, nil, lazyerrors.Error(err)',
      '\t\t}',
      '',
      '\t\tread := iterator.Values(iterator.ForSlice(docs))',
      '\t\tcloser.Add(read)',
      '',
      '\t\tresult, err := common.UpdateDocument(ctx, c, "update", read, &u)',
    ].join('\n'),
  },
  // findAndModify the same, for its one document (removed or updated).
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: 'iter = common.LimitIterator(iter, closer, 1)',
    to: [
      'iter = common.LimitIterator(iter, closer, 1)',
      '',
      '\tfound, err := iterator.ConsumeValues(iter)',
      '\tcloser.Close()',
      '\tif err != nil {',
      '\t\treturn nil, lazyerrors.Error(err)',
      '\t}',
      '',
      '\titer = iterator.Values(iterator.ForSlice(found))',
      '\tcloser.Add(iter)',
    ].join('\n'),
  },
  // The PostgreSQL backend looks a document up by `_id` with `_jsonb->$1 @> $2` (the key a parameter, a containment
  // test) while its `_id` index is a btree on `_jsonb->'_id'`: no lookup by `_id` used it, each read every row (the
  // sequence records and votes of a busy poll: the vote-change consumer applied 20 changes a second). An `_id` equal to
  // a string or ObjectId, and `_id: {$in: [...]}` of them, are now asked as `_jsonb->'_id' = …` on the index's own
  // expression (ferretdb/postgresql_id_in.go). FerretDB filters the rows it gets again, as after any pushdown.
  { add: 'postgresql_id_in.go', to: 'internal/backends/postgresql' },
  {
    file: 'internal/backends/postgresql/query.go',
    from: '\t// Select if value under the key is equal to provided value.\n',
    to: [
      '\tif k == "_id" && operator == "->" {',
      '\t\tif f, a := filterIDEqual(p, v); f != "" {',
      '\t\t\treturn f, a',
      '\t\t}',
      '\t}',
      '',
      '\t// Select if value under the key is equal to provided value.',
      '',
    ].join('\n'),
  },
  {
    file: 'internal/backends/postgresql/query.go',
    from: '\t\t\t\tcase "$ne":\n',
    to: [
      '\t\t\t\tcase "$in":',
      '\t\t\t\t\tif f, a := filterIDIn(p, rootKey, v); f != "" {',
      '\t\t\t\t\t\tfilters = append(filters, f)',
      '\t\t\t\t\t\targs = append(args, a...)',
      '\t\t\t\t\t}',
      '',
      '\t\t\t\tcase "$ne":',
      '',
    ].join('\n'),
  },
  // The SQLite backend asked its `_id` index only for a filter of `_id` alone: `{_id, seq: {$lt: n}}` (a sequence
  // record raised) or `_id: {$in: [...]}` (a batch's records) read every row. An `_id` equal to a string or ObjectId,
  // `$eq` or `$in` of them, beside any other fields, now goes to the index (ferretdb/sqlite_id_where.go), in a query
  // and in its explanation alike; the rest of the filter is applied as before.
  { add: 'sqlite_id_where.go', to: 'internal/backends/sqlite' },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: sqliteLookupByIdAlone(''),
    to: '\twhereClause, args = idWhereClause(params.Filter)\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: sqliteLookupByIdAlone('\t\t\tfilterPushdown = true\n'),
    to: '\twhereClause, args = idWhereClause(params.Filter)\n\tfilterPushdown = whereClause != ""\n',
  },
];

/** The lookup by an `_id` alone in the SQLite backend's query and explain (`extra`: the explain's line before it). */
function sqliteLookupByIdAlone(/** @type {string} */ extra) {
  return [
    '\tif params.Filter.Len() == 1 {',
    '\t\tv, _ := params.Filter.Get("_id")',
    '\t\tswitch v.(type) {',
    '\t\tcase string, types.ObjectID:',
    `${extra}\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)`,
    '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
    '\t\t}',
    '\t}',
    '',
  ].join('\n');
}

/** Our Go files added to FerretDB's source (FERRETDB_PATCHES' `add`). */
const FERRETDB_FILES = new URL('./ferretdb/', import.meta.url);

/** The built binary's name: the version and a digest of the mends and added files, so a changed one builds anew. */
const FERRETDB_BUILD = `${FERRETDB_VERSION}-${createHash('sha256')
  .update(JSON.stringify(FERRETDB_PATCHES))
  .update(
    FERRETDB_PATCHES.filter((p) => 'add' in p)
      .map((p) => readFileSync(new URL(p.add, FERRETDB_FILES), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 8)}`;

/**
 * Builds FerretDB v1 from the Go module proxy. `go install …@version` is refused by the proxy's
 * version listing here, so the module is downloaded, its version file written, the mends above made, and built.
 */
export function ensureFerretDb() {
  const fromEnv = process.env.FERRETDB_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const binary = join(cacheDir, 'bin', `ferretdb-${FERRETDB_BUILD}`);
  if (existsSync(binary)) return binary;
  const onPath = which('ferretdb');
  if (onPath && run(onPath, ['--version']).out.includes('v1.')) return onPath;
  const go = which('go');
  if (!go)
    throw new Error('FerretDB is not installed and Go is missing: install Go, or set MONGO_URL to a MongoDB server');
  say(`building FerretDB ${FERRETDB_VERSION} with Go (first run only, about a minute)…`);
  const download = run(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`]);
  if (!download.ok)
    throw new Error(`go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION} failed:\n${download.out.slice(-2000)}`);
  const moduleDir = JSON.parse(download.out.slice(download.out.indexOf('{'))).Dir;
  const src = join(tmpdir(), `meydan-ferretdb-src-${process.pid}`);
  rmSync(src, { recursive: true, force: true });
  cpSync(moduleDir, src, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', src]);
  writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  for (const patch of FERRETDB_PATCHES) {
    if ('add' in patch) {
      cpSync(new URL(patch.add, FERRETDB_FILES), join(src, patch.to, `meydan_${patch.add}`));
      continue;
    }
    const file = join(src, patch.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(patch.from))
      throw new Error(`FerretDB ${FERRETDB_VERSION}: ${patch.file} no longer has ${patch.from}`);
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
  mkdirSync(join(cacheDir, 'bin'), { recursive: true });
  const build = run(go, ['build', '-trimpath', '-o', binary, './cmd/ferretdb'], { cwd: src });
  rmSync(src, { recursive: true, force: true });
  if (!build.ok) throw new Error(`building FerretDB failed:\n${build.out.slice(-3000)}`);
  chmodSync(binary, 0o755);
  say(`FerretDB built: ${binary}`);
  return binary;
}
