/** The word filter's matching (pure) and its list kept for a few seconds (a stand-in loader counts the reads). */
import { describe, expect, it } from 'vitest';
import { WordFilter, compileWordFilter, entryPattern, filterForm } from '../src/word-filter.js';

describe('word filter', () => {
  it('folds case and Turkish letters both ways, and punctuation to spaces', () => {
    expect(filterForm('ŞALAK! Işık, Ğüzel—Çöl')).toBe(' salak isik guzel col ');
    const check = compileWordFilter([{ pattern: 'şalak', action: 'refuse' }]);
    for (const text of ['salak', 'SALAK', 'Şalak', 'sAlAk!', 'bu salak soru'])
      expect(check({ title: text }), text).toEqual({ field: 'title', action: 'refuse' });
  });

  it('matches whole words unless the entry ends in *, and phrases across spaces and punctuation', () => {
    const check = compileWordFilter([
      { pattern: 'am', action: 'refuse' },
      { pattern: 'aptal*', action: 'refuse' },
      { pattern: 'geri zekalı', action: 'hold' },
    ]);
    expect(check({ title: 'ama neden' })).toBeNull();
    expect(check({ title: 'Aptallar' })).toEqual({ field: 'title', action: 'refuse' });
    expect(check({ title: 'kaptallar' })).toBeNull();
    expect(check({ text: 'GERİ-ZEKÂLI' })).toEqual({ field: 'text', action: 'hold' });
    expect(entryPattern('  ')).toBeNull();
  });

  it('names the first field caught, a refusing entry before a holding one, options one by one', () => {
    const check = compileWordFilter([
      { pattern: 'bekle', action: 'hold' },
      { pattern: 'ret', action: 'refuse' },
    ]);
    expect(check({ title: 'bekle', description: 'ret' })).toEqual({ field: 'description', action: 'refuse' });
    expect(check({ title: 'temiz', options: ['a', 'bekle'] })).toEqual({ field: 'options', action: 'hold' });
    expect(check({ title: 'temiz', description: null, options: undefined })).toBeNull();
  });

  it('reads the list once per ttl, and lets texts pass when it cannot be read', async () => {
    let reads = 0;
    const warned: unknown[] = [];
    const filter = new WordFilter(
      async () => {
        reads += 1;
        return [{ pattern: 'salak', action: 'refuse' }];
      },
      { warn: (obj: unknown) => void warned.push(obj) },
      60_000,
    );
    expect(await filter.check({ title: 'salak' })).toEqual({ field: 'title', action: 'refuse' });
    expect(await filter.check({ title: 'SALAK' })).not.toBeNull();
    expect(reads).toBe(1);

    const down = new WordFilter(
      async () => Promise.reject(new Error('admin down')),
      { warn: (obj: unknown) => void warned.push(obj) },
      0,
    );
    expect(await down.check({ title: 'salak' })).toBeNull();
    expect(warned).toHaveLength(1);
  });
});
