/**
 * Turkish-aware search on an index: a text's folded words and their prefixes are stored as terms in an indexed array
 * (`searchTermsOf`), and a query's folded words must each be one of them (`queryTermsOf`), so "cay" finds "Çaydanlık",
 * "istanbul" finds "İSTANBUL" and "IRMAK" finds "ırmak": the start of any word, never the middle of one.
 */

/** A word's prefixes are stored from 2 letters up to this many; a longer query word is looked up by its first this-many. */
export const SEARCH_PREFIX_MAX = 20;

/** Lower-cases by Turkish rules and drops the marks: "Çay İçelim" → "cay icelim". */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The folded tokens of a text: runs of letters and digits, joined by `_` or `.` (a tag, a username, a number), without a
 * leading or trailing one.
 */
function tokensOf(text: string): string[] {
  return foldTurkish(text)
    .split(/[^\p{L}\p{N}_.]+/u)
    .map((token) => token.replace(/^[_.]+|[_.]+$/g, ''))
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/**
 * The terms a search finds the texts by: each folded word (a token, and the parts of a token joined by `_` or `.`) and its
 * prefixes of 2 to SEARCH_PREFIX_MAX letters; a word of one letter is a term of its own. Each once.
 */
export function searchTermsOf(texts: readonly (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const token of tokensOf(text ?? '')) {
      for (const word of new Set([token, ...token.split(/[_.]+/)])) {
        const letters = [...word];
        if (letters.length === 1) terms.add(word);
        for (let n = 2; n <= Math.min(letters.length, SEARCH_PREFIX_MAX); n++) terms.add(letters.slice(0, n).join(''));
      }
    }
  }
  return [...terms];
}

/**
 * The terms a query must all find (a document matches when its terms hold every one): its folded tokens, each cut to
 * SEARCH_PREFIX_MAX letters, longest first, each once. Empty when the query has no letter or digit.
 */
export function queryTermsOf(query: string): string[] {
  const terms = new Set(tokensOf(query).map((token) => [...token].slice(0, SEARCH_PREFIX_MAX).join('')));
  return [...terms].sort((a, b) => [...b].length - [...a].length);
}

/**
 * The filter of the documents whose `field` (an array of searchTermsOf) holds every term of queryTermsOf. The first
 * (longest) term is also asked as an equality, which a MongoDB-wire server that pushes plain equalities down to its
 * backend (FerretDB v1 over PostgreSQL) can hand over; MongoDB takes either for the bounds of the field's index.
 */
export function termsFilter(field: string, terms: readonly string[]): Record<string, unknown> {
  if (terms.length === 0) return { [field]: { $in: [] } };
  if (terms.length === 1) return { [field]: terms[0] };
  return { [field]: { $eq: terms[0], $all: terms } };
}

/** The hashtags of a text (`#Kahvaltı`): each once by its folded form (`kahvalti`), with its spelling (`kahvaltı`). */
export function hashtagSpellings(text: string | null | undefined): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of (text ?? '').matchAll(/#([\p{L}\p{N}_]{2,50})/gu)) {
    const folded = foldTurkish(match[1]!);
    if (!tags.has(folded)) tags.set(folded, match[1]!.toLocaleLowerCase('tr-TR'));
  }
  return tags;
}

/** The hashtags of a text, folded, each once, in order. */
export function hashtagsOf(text: string | null | undefined): string[] {
  return [...hashtagSpellings(text).keys()];
}
