import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from '../src/lib/search';

describe('Turkish-aware search', () => {
  it('folds the capital dotted İ and the dotless ı with their lower-case letters', () => {
    expect(foldForSearch('İSTANBUL')).toBe(foldForSearch('istanbul'));
    expect(foldForSearch('ILIK')).toBe(foldForSearch('ılık'));
    // A plain-Latin keyboard's i finds words spelled with ı or I, and the other way round.
    expect(matchesSearch('ilik', 'Ilık bir akşam')).toBe(true);
    expect(matchesSearch('ılık', 'Ilık bir akşam')).toBe(true);
    expect(matchesSearch('istanbul', 'İstanbul’da buluşalım')).toBe(true);
    expect(matchesSearch('İSTANBUL', 'istanbul')).toBe(true);
  });

  it('ignores the combining dot that other locales leave when lower-casing İ', () => {
    // 'İ'.toLowerCase() outside Turkish is 'i' + U+0307.
    expect(foldForSearch('İ'.toLowerCase())).toBe('i');
    expect(matchesSearch('Şİfre', 'şifremi unuttum')).toBe(true);
  });

  it('keeps the other Turkish letters apart: ş is not s, ğ is not g', () => {
    expect(matchesSearch('sifre', 'Şifre')).toBe(false);
    expect(matchesSearch('ŞİFRE', 'Şifre')).toBe(true);
    expect(matchesSearch('Ğ', 'değişiklik')).toBe(true);
  });

  it('needs every word of the query, in any of the texts, and an empty query matches everything', () => {
    expect(matchesSearch('anket süre', 'Anket ne kadar açık kalır?', 'Süre 1 saat ile 30 gün arasındadır.')).toBe(true);
    expect(matchesSearch('anket zzqx', 'Anket ne kadar açık kalır?')).toBe(false);
    expect(matchesSearch('   ', 'herhangi bir metin')).toBe(true);
  });
});
