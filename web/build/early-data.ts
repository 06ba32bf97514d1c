import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The page's early script (web/early-data.js): its source, and the line the build fills in. */
const TEMPLATE = here('../early-data.js');
const TABLE = 'var SCREEN_FILES = {};';

/**
 * The screens early-data.js starts loading, by the modules the router loads lazily for them (app/router.tsx) and the
 * parts those load before their first view (a screen module's `parts`): what paints the screen's first view only (the
 * profile's tabs come after it, and are asked for by the app).
 */
export const EARLY_SCREENS: Record<string, string[]> = {
  poll: [
    'src/features/reach/PollPage.tsx',
    'src/features/polls/BallotForm.tsx',
    'src/features/polls/CreatorControls.tsx',
  ],
  share: ['src/features/share-link/SharedPollPage.tsx'],
  profile: ['src/features/profile/ProfilePage.tsx'],
};

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'moduleIds'>;

/**
 * Each screen's files the first screen does not load already: the files holding its modules and every file they
 * import, transitively, less the entry's own (those are on their way anyway). Paths from the site's root.
 */
export function screenFiles(
  chunks: readonly Chunk[],
  screens: Record<string, string[]>,
  root: string,
): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[]) => {
    const seen = new Set<string>();
    const pending = [...files];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const table: Record<string, string[]> = {};
  for (const [screen, modules] of Object.entries(screens)) {
    const own = modules.map((module) => {
      const id = `${root}/${module}`.replace(/\\/g, '/');
      const chunk = chunks.find((c) => c.moduleIds.some((m) => m.replace(/\\/g, '/') === id));
      if (!chunk) throw new Error(`early-data: no file of the build holds ${module}`);
      return chunk.fileName;
    });
    table[screen] = [...closure(own)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
  }
  return table;
}

/**
 * Writes `early-data.js` into the build with each screen's files (screenFiles) in its table; the dev server answers
 * the template as it is (its table empty: modules are loaded as the app asks for them).
 */
export function earlyData(root: string): Plugin {
  const template = () => {
    const source = readFileSync(TEMPLATE, 'utf8');
    if (!source.includes(TABLE)) throw new Error(`early-data: ${TEMPLATE} has no "${TABLE}" line to fill in`);
    return source;
  };
  return {
    name: 'meydan-early-data',
    configureServer(server) {
      server.middlewares.use('/early-data.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.end(template());
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const table = screenFiles(chunks, EARLY_SCREENS, root);
      this.emitFile({
        type: 'asset',
        fileName: 'early-data.js',
        source: template().replace(TABLE, `var SCREEN_FILES = ${JSON.stringify(table)};`),
      });
    },
  };
}
