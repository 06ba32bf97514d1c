/**
 * Usernames that cannot pass for someone else's: one script per name, and no name that only look-alike letters tell
 * apart from an existing one (the skeleton a name is compared by is model/username-skeleton.ts). Pure: the routes answer.
 */

/** Scripts a username's letters are told apart by; a letter of any other script counts as 'other'. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Thai',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
] as const;
const scriptTests = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);
/** Scripts written together (Japanese, Korean): a name may mix these, as Unicode's "highly restrictive" level allows. */
const WRITTEN_TOGETHER = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul'])];

function scriptOf(letter: string): string {
  return scriptTests.find(([, test]) => test.test(letter))?.[0] ?? 'other';
}

/** Whether the name's letters are all of one script (digits, `_` and `.` belong to none). Turkish letters are Latin. */
export function isSingleScript(username: string): boolean {
  const scripts = new Set<string>();
  for (const char of username) if (/\p{L}/u.test(char)) scripts.add(scriptOf(char));
  return scripts.size <= 1 || WRITTEN_TOGETHER.some((together) => [...scripts].every((s) => together.has(s)));
}
