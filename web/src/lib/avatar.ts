import { limits } from '@meydan/proto';

/**
 * Up to two initials of a name, Turkish upper case: 'ayşe yılmaz' → 'AY', 'ibrahim' → 'İ'. The first letters of the
 * first two words (avatars in lists and on cards); nothing usable gives '?'.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => [...word].find((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter((ch): ch is string => Boolean(ch));
  if (words.length === 0) return '?';
  return words.slice(0, limits.user.initialsMax).join('').toLocaleUpperCase('tr-TR');
}

/**
 * The first two letters of a name, Turkish upper case: 'ibrahim' → 'İB', 'Çağla Işık' → 'ÇA'. The profile's welcome
 * card shows these (the profile spec: "the first two letters of the display name or username"); nothing usable
 * gives '?'.
 */
export function leadingLettersOf(name: string | null | undefined): string {
  const letters = [...(name ?? '')].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (letters.length === 0) return '?';
  return letters.slice(0, limits.user.initialsMax).join('').toLocaleUpperCase('tr-TR');
}

/** Background colours for initials; each carries white text with enough contrast. */
export const avatarPalette = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0369a1',
  '#1d4ed8',
  '#6d28d9',
  '#a21caf',
  '#be185d',
] as const;

/** The same name always gets the same colour (a small string hash over the palette). */
export function avatarColor(name: string | null | undefined): string {
  const text = (name ?? '').trim().toLocaleLowerCase('tr-TR');
  let hash = 0;
  for (const ch of text) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return avatarPalette[Math.abs(hash) % avatarPalette.length]!;
}

/** The name a person is shown by: display name, falling back to the username. */
export function nameOf(person: { displayName?: string | null; username?: string | null } | null | undefined): string {
  const display = person?.displayName?.trim();
  return display || person?.username || '';
}
