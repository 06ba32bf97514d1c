/**
 * What a username looks like, stored with the account (usernameSkeleton) so that a new name may not pass for an
 * existing one. Pure; here rather than in domain/ because the record sets it on every save.
 */

/**
 * Which rules made a stored skeleton: raised with every change of them, so that auth's start computes the stored
 * skeletons again (a name registered under the old rules must still block its look-alikes under the new ones).
 */
export const SKELETON_VERSION = 2;

/**
 * Letters and digits that look like a Latin letter, after lower-casing (after Unicode's confusables.txt, the part that
 * matters for names of letters, digits, `_` and `.`). Of the Turkish letters, dotless `ı` passes for `i` (`admın` for
 * `admin`; dotted `İ` lower-cases to `i` itself) and the circumflexed `â î û` for `a i u`; ç ğ ö ş ü are left as they
 * are: their marks tell them apart from c g o s u at a glance, and Turkish names differ by them.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Turkish
  ı: 'i',
  â: 'a',
  î: 'i',
  û: 'u',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'ë',
  һ: 'h',
  і: 'i',
  ї: 'ï',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  ԁ: 'd',
  ь: 'b',
  п: 'n',
  г: 'r',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  ϲ: 'c',
  // Latin letters of other alphabets and digits
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʟ: 'l',
  ɪ: 'i',
  '0': 'o',
  '1': 'l',
};

/**
 * What the name looks like: two names with one skeleton are taken for each other. Case does not count (capital `I`
 * passes for `l`), look-alike letters of any script and the digits 0 and 1 become the Latin letter they pass for,
 * and `rn` becomes `m`, `vv` `w`.
 */
export function usernameSkeleton(username: string): string {
  const lower = username
    .normalize('NFKC')
    .replace(/I/g, 'l')
    .toLowerCase()
    .replace(/\u0307/g, '');
  let skeleton = '';
  for (const char of lower) skeleton += LOOK_ALIKES[char] ?? char;
  return skeleton.replace(/rn/g, 'm').replace(/vv/g, 'w');
}
