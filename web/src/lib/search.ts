/**
 * Folds Turkish text for searching. `toLocaleLowerCase('tr')` turns 'İ' into 'i' and 'I' into 'ı', which is right
 * for Turkish words but means a visitor typing on a keyboard without Turkish letters ('istanbul', 'ilik') misses
 * 'İstanbul' or 'Ilık'. So the dotted and dotless i are treated as one letter, and combining dots left over from
 * other locales' casing are dropped.
 */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .normalize('NFC')
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of the query occurs in one of the texts (Turkish-aware, case-insensitive). */
export function matchesSearch(query: string, ...texts: string[]): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
