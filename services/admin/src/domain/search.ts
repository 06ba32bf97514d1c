/**
 * Turkish-aware matching for the admin lists: lower-cased by Turkish rules (İ→i, I→ı) and then ı and i made one
 * letter, so "irmak", "IRMAK" and "Irmak" all find "Irmak", and "istanbul" finds "İstanbul".
 */
export function foldTurkish(text: string): string {
  return text.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i');
}

/** The folded text of every searchable field, stored beside the record. */
export function searchText(...fields: (string | null | undefined)[]): string {
  return fields
    .filter((f): f is string => typeof f === 'string' && f.length > 0)
    .map(foldTurkish)
    .join('\n');
}

/** A regular expression source matching `query` literally inside a folded field. */
export function containsPattern(query: string): string {
  return foldTurkish(query.trim()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
