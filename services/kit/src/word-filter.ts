/**
 * The Turkish word filter as the checking services use it (polls: poll texts and comments; auth: display name and
 * bio). The administrators keep the entries in the admin service; a service asks for them over NATS
 * (`admin.word-filter`, the `load` it gives) and keeps them `ttlMs` (a new entry takes effect within seconds). Matching folds case and
 * Turkish letters both ways (`foldTurkish`: Ş/ş/s, I/ı/İ/i, Ğ/ğ/g, Ç/ç/c, Ö/ö/o, Ü/ü/u are one letter), so an entry
 * `salak` catches "SALAK", "şalak" and "Salâk".
 *
 * An entry is a word (a whole word only: `am` does not catch "ama"), a word ending in `*` (any ending, for Turkish
 * suffixes: `aptal*` catches "aptallar"), or several words (a phrase, any spaces or punctuation between them).
 * When the list cannot be read (admin down), texts pass: the filter is a help to moderators, not a gate that stops
 * members from posting.
 */
import type { WordFilterAction, FilteredField } from '@meydan/proto';
import type { Logger } from './logger.js';
import { foldTurkish } from './turkish-search.js';

export interface WordFilterRule {
  pattern: string;
  action: WordFilterAction;
}

/** What a text caught: the first field caught, and whether it is refused (any refusing entry) or held. */
export interface WordFilterHit {
  field: FilteredField;
  action: WordFilterAction;
}

const LETTER = '[\\p{L}\\p{N}]';

/** A text as it is matched: folded, every run of other characters one space. */
export const filterForm = (text: string): string =>
  ` ${foldTurkish(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** The regular expression of one entry, matched against `filterForm` of a text. */
export function entryPattern(pattern: string): RegExp | null {
  const trimmed = pattern.trim();
  const open = trimmed.endsWith('*');
  const words = filterForm(open ? trimmed.slice(0, -1) : trimmed).trim();
  if (!words) return null;
  const body = words
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(' ');
  return new RegExp(`(?<!${LETTER})${body}${open ? '' : `(?!${LETTER})`}`, 'u');
}

/** Checks texts against a list of entries: the first field caught (a refusing entry before a holding one), or null. */
export function compileWordFilter(rules: readonly WordFilterRule[]) {
  const compiled = rules.flatMap((r) => {
    const re = entryPattern(r.pattern);
    return re ? [{ re, action: r.action }] : [];
  });
  const ordered = [...compiled.filter((r) => r.action === 'refuse'), ...compiled.filter((r) => r.action === 'hold')];
  return (
    fields: Partial<Record<FilteredField, string | readonly string[] | null | undefined>>,
  ): WordFilterHit | null => {
    if (ordered.length === 0) return null;
    const texts = Object.entries(fields).flatMap(([field, value]) =>
      value == null
        ? []
        : (Array.isArray(value) ? value : [value as string]).map((t) => ({
            field: field as FilteredField,
            form: filterForm(t),
          })),
    );
    for (const rule of ordered) {
      const caught = texts.find((t) => rule.re.test(t.form));
      if (caught) return { field: caught.field, action: rule.action };
    }
    return null;
  };
}

type Check = ReturnType<typeof compileWordFilter>;

/** The word filter of a service: the list asked from admin, kept `ttlMs`, and the check over it. */
export class WordFilter {
  private current: { at: number; check: Promise<Check> } | undefined;

  constructor(
    private readonly load: () => Promise<readonly WordFilterRule[]>,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly ttlMs = 3000,
  ) {}

  /** The first field caught, or null (also when the list cannot be read). */
  async check(fields: Parameters<Check>[0]): Promise<WordFilterHit | null> {
    const now = Date.now();
    if (!this.current || now - this.current.at >= this.ttlMs) {
      const check = this.load().then(compileWordFilter, (err: unknown) => {
        this.log.warn({ err }, 'word filter not read; texts pass unchecked');
        return compileWordFilter([]);
      });
      this.current = { at: now, check };
    }
    return (await this.current.check)(fields);
  }
}
