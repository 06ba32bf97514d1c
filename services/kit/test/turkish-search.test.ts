/**
 * The Turkish search pattern (turkish-search.ts) finds every Turkish spelling, and stays linear on a backtracking
 * engine (MongoDB's PCRE; Node's here): no stored text makes one search try more than a pass over it.
 */
import { describe, expect, it } from 'vitest';
import { turkishPattern } from '../src/turkish-search.js';

/** The atoms of a pattern: `\s+`, a `[…]` class, or one (possibly escaped) character. */
const atomsOf = (pattern: string) => pattern.match(/\\s\+|\[[^\]]*\]|\\.|[^\\[]/gu) ?? [];

describe('turkishPattern', () => {
  it('finds every Turkish spelling and case, with any whitespace between words', () => {
    const found = (query: string, text: string) => new RegExp(turkishPattern(query), 'u').test(text);
    expect(found('cay', 'Çay İçelim')).toBe(true);
    expect(found('istanbul', 'İSTANBUL')).toBe(true);
    expect(found('IRMAK', 'ırmak')).toBe(true);
    expect(found('kahve   çay', 'kahve\t\n çay')).toBe(true);
    expect(found('kahve çay', 'kahveçay')).toBe(false);
  });

  it('makes one \\s+ of a whitespace run, never one per space, and none at either end', () => {
    expect(turkishPattern('kahve          çay')).toBe(turkishPattern('kahve çay'));
    expect(turkishPattern(' \t kahve \u00a0\u2003 çay \n')).toBe(turkishPattern('kahve çay'));
    // Every generated pattern: a \s+ stands only between two atoms that match no whitespace, so it can end in one place.
    const queries = [
      'a b',
      'a  \t  b',
      ' x ',
      'ş ğ ü  ı',
      '1 + 2 = 3',
      '  ',
      'a\u0301 \u0301 b',
      '[ ] ( ) * ?',
      `${'a'.repeat(5)}${' '.repeat(40)}b`,
    ];
    for (const query of queries) {
      const atoms = atomsOf(turkishPattern(query));
      expect(atoms.join(''), query).toBe(turkishPattern(query));
      atoms.forEach((atom, i) => {
        if (atom !== '\\s+') return;
        for (const neighbour of [atoms[i - 1], atoms[i + 1]]) {
          expect(neighbour, `${JSON.stringify(query)} → ${turkishPattern(query)}`).toBeDefined();
          expect(new RegExp(`^${neighbour}$`, 'u').test(' '), `${JSON.stringify(query)}: ${neighbour}`).toBe(false);
        }
      });
    }
  });

  it('searches a text with a long whitespace run in one pass on Node’s backtracking engine', () => {
    // Ten spaces in the query used to be ten \s+ in a row: seconds for one such document. Now it is one.
    const pattern = new RegExp(turkishPattern(`kahve${' '.repeat(10)}çay`), 'u');
    expect(pattern.test(`${'kahve '.repeat(200)}kahve${' '.repeat(20_000)}x`)).toBe(false);
    expect(pattern.test(`kahve${' '.repeat(20_000)}Çay`)).toBe(true);
  });
});
