import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EARLY_SCREENS, screenFiles } from '../build/early-data';

const dist = new URL('../dist/', import.meta.url);

describe("the early script's screen files (build/early-data.ts)", () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
    fileName,
    moduleIds,
    imports,
    isEntry,
  });

  it("lists the files holding a screen's modules and what they import, less what the entry loads anyway", () => {
    const chunks = [
      chunk('assets/index.js', ['/w/src/main.tsx'], ['assets/react.js'], true),
      chunk('assets/react.js', ['/w/node_modules/react/index.js']),
      chunk(
        'assets/poll.js',
        [
          '/w/src/features/reach/PollPage.tsx',
          '/w/src/features/polls/BallotForm.tsx',
          '/w/src/features/share-link/SharedPollPage.tsx',
        ],
        ['assets/screens.js', 'assets/react.js'],
      ),
      chunk('assets/creator.js', ['/w/src/features/polls/CreatorControls.tsx'], ['assets/screens.js']),
      chunk('assets/screens.js', ['/w/src/ui/Card.tsx'], ['assets/react.js']),
      chunk('assets/profile.js', ['/w/src/features/profile/ProfilePage.tsx'], ['assets/screens.js']),
    ];
    const table = screenFiles(chunks, EARLY_SCREENS, '/w');
    expect(Object.fromEntries(Object.entries(table).map(([screen, files]) => [screen, [...files].sort()]))).toEqual({
      poll: ['/assets/creator.js', '/assets/poll.js', '/assets/screens.js'],
      share: ['/assets/poll.js', '/assets/screens.js'],
      profile: ['/assets/profile.js', '/assets/screens.js'],
    });
    expect(() => screenFiles(chunks.slice(0, 2), EARLY_SCREENS, '/w')).toThrow(
      'no file of the build holds src/features/reach/PollPage.tsx',
    );
  });

  it('are written into the built early-data.js: the files vite made for those screens, none of the first load', () => {
    const source = readFileSync(new URL('early-data.js', dist), 'utf8');
    const table = JSON.parse(/var SCREEN_FILES = (\{.*\});/.exec(source)![1]!) as Record<string, string[]>;
    const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; isEntry?: boolean }
    >;
    expect(Object.keys(table).sort()).toEqual(['poll', 'profile', 'share']);
    // Each screen's own module is in one of its files (vite.config.ts puts them in their family's file).
    const holds = (files: string[], marker: string) =>
      files.some((file) => readFileSync(new URL(`.${file}`, dist), 'utf8').includes(marker));
    expect(holds(table['poll']!, 'data-poll-page')).toBe(true);
    expect(holds(table['share']!, 'data-share-vote-rule')).toBe(true);
    expect(holds(table['profile']!, 'data-private')).toBe(true);
    const entry = Object.values(manifest).find((m) => m.isEntry)!;
    for (const files of Object.values(table)) {
      expect(files).not.toContain(`/${entry.file}`);
      for (const file of files) expect(existsSync(new URL(`.${file}`, dist)), file).toBe(true);
    }
    // The shell runs it before the app's script, and it is sent compressed like the app's files.
    expect(readFileSync(new URL('index.html', dist), 'utf8')).toMatch(
      /<script defer src="\/early-data\.js"><\/script>[\s\S]*<script type="module"/,
    );
    expect(existsSync(new URL('early-data.js.br', dist))).toBe(true);
  });
});
