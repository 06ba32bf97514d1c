/**
 * The stored search terms (turkish-search.ts): a query's terms are among a text's exactly when each of its words starts
 * a word of the text, whatever its Turkish spelling and case.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_PREFIX_MAX, queryTermsOf, searchTermsOf, termsFilter } from '../src/turkish-search.js';

/** Whether a query finds the texts, as the `$all` of termsFilter does. */
const finds = (query: string, ...texts: string[]) => {
  const terms = new Set(searchTermsOf(texts));
  return queryTermsOf(query).every((term) => terms.has(term));
};

describe('search terms', () => {
  it('finds the start of any word whatever its Turkish spelling and case, never the middle of one', () => {
    expect(finds('cay', 'Çaydanlık mı?')).toBe(true);
    expect(finds('ÇAY', 'sabah çayı')).toBe(true);
    expect(finds('istanbul', 'İSTANBUL')).toBe(true);
    expect(finds('IRMAK', 'ırmak kenarı')).toBe(true);
    for (const [query, text] of [
      ['şğüçöı', 'ŞĞÜÇÖI'],
      ['sgucoi', 'şğüçöı'],
    ] as const)
      expect(finds(query, text), query).toBe(true);
    expect(finds('danlik', 'Çaydanlık')).toBe(false);
    expect(finds('cayx', 'Çaydanlık')).toBe(false);
  });

  it('asks every word of the query, in any of the texts, each in any order', () => {
    expect(finds('kahve  çay', 'Çay mı', 'kahve mi')).toBe(true);
    expect(finds('çay kahve', 'kahve ve çay')).toBe(true);
    expect(finds('çay süt', 'kahve ve çay')).toBe(false);
  });

  it('reads words joined by _ or . whole and in parts, and a one-letter word whole', () => {
    expect(finds('kahvalti_so', '#Kahvaltı_sorusu')).toBe(true);
    expect(finds('sorusu', '#Kahvaltı_sorusu')).toBe(true);
    expect(finds('ali.v', 'ali.veli')).toBe(true);
    expect(finds('veli', 'ali.veli')).toBe(true);
    expect(finds('a', 'A mı B mi?')).toBe(true);
    expect(finds('a', 'Ankara')).toBe(false);
    expect(searchTermsOf(['sabah.'])).toEqual(['sa', 'sab', 'saba', 'sabah']);
  });

  it('bounds a word’s prefixes and cuts a longer query word to the same length', () => {
    const long = 'Çekoslovakyalılaştıramadıklarımızdan';
    const terms = searchTermsOf([long]);
    expect(Math.max(...terms.map((t) => [...t].length))).toBe(SEARCH_PREFIX_MAX);
    expect(terms).toHaveLength(SEARCH_PREFIX_MAX - 1);
    expect(finds(long, long)).toBe(true);
    expect(queryTermsOf(long)).toEqual([
      [...'cekoslovakyalilastiramadiklarimizdan'].slice(0, SEARCH_PREFIX_MAX).join(''),
    ]);
  });

  it('makes a query’s terms longest first, each once, and none of punctuation', () => {
    expect(queryTermsOf('  çay, kahve?! ÇAY ')).toEqual(['kahve', 'cay']);
    expect(queryTermsOf('!!! ... ___')).toEqual([]);
  });

  it('filters by every term, the longest also as an equality; by none, nothing', () => {
    expect(termsFilter('t', ['cay'])).toEqual({ t: 'cay' });
    expect(termsFilter('t', ['kahve', 'cay'])).toEqual({ t: { $eq: 'kahve', $all: ['kahve', 'cay'] } });
    expect(termsFilter('t', [])).toEqual({ t: { $in: [] } });
  });
});
