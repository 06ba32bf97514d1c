/**
 * Turkish-aware search without a stored folded field: the query becomes a regular expression in which each letter
 * stands for all its Turkish spellings (c: c C ç Ç; i: i I ı İ; …), so "cay" finds "Çay", "istanbul" finds
 * "İSTANBUL" and "IRMAK" finds "ırmak". Plain character classes only, so MongoDB (PCRE) and FerretDB (Go's RE2) match
 * alike.
 */

const VARIANTS: Record<string, string> = {
  a: 'aAâÂ',
  c: 'cCçÇ',
  g: 'gGğĞ',
  i: 'iIıİîÎ',
  o: 'oOöÖ',
  s: 'sSşŞ',
  u: 'uUüÜûÛ',
};

/** Lower-cases by Turkish rules and drops the marks: "Çay İçelim" → "cay icelim". */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const escapeRegex = (char: string) => char.replace(/[.*+?^${}()|[\]\\/#-]/g, '\\$&');

/**
 * The regular expression source that finds `query` inside a text, whatever its Turkish spelling and case.
 *
 * Linear on a backtracking engine (MongoDB's PCRE, Node's): a run of whitespace in the query, however long, becomes one
 * `\s+`, and the query is trimmed, so every `\s+` stands between two atoms that match no whitespace. Its match can then
 * end in one place only, and a stored text with a long whitespace run costs one pass over it; `\s+\s+…` (one per space)
 * tried every way of splitting the run among them.
 */
export function turkishPattern(query: string): string {
  let source = '';
  for (const char of foldTurkish(query).replace(/\s+/gu, ' ').trim()) {
    const variants = VARIANTS[char];
    if (variants) source += `[${variants}]`;
    else if (/\p{L}/u.test(char) && char.toLocaleUpperCase('tr-TR') !== char)
      source += `[${escapeRegex(char)}${escapeRegex(char.toLocaleUpperCase('tr-TR'))}]`;
    else if (/\s/u.test(char)) source += '\\s+';
    else source += escapeRegex(char);
  }
  return source;
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
