import { describe, expect, it } from 'vitest';
import { findEachById, isObjectId } from '@meydan/kit';

describe('findEachById', () => {
  it('finds each id on its own, at most 20 at once, in order, leaving out the ones not found', async () => {
    const ids = Array.from({ length: 45 }, (_, i) => `id-${i}`);
    let inFlight = 0;
    let most = 0;
    const found = await findEachById(ids, async (id) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve)); // the others start meanwhile
      inFlight--;
      return Number(id.slice(3)) % 3 === 0 ? null : { id };
    });
    expect(most).toBe(20);
    expect(found.map((d) => d.id)).toEqual(ids.filter((_, i) => i % 3 !== 0));
    expect(await findEachById([], async () => ({}))).toEqual([]);
  });
});

describe('isObjectId', () => {
  it('takes 24 hex digits of either case and nothing else', () => {
    expect(isObjectId('65a1f0c2e4b0a1b2c3d4e5f6')).toBe(true);
    expect(isObjectId('65A1F0C2E4B0A1B2C3D4E5F6')).toBe(true);
    for (const other of [
      '65a1f0c2e4b0a1b2c3d4e5f',
      '65a1f0c2e4b0a1b2c3d4e5f6a',
      '65a1f0c2e4b0a1b2c3d4e5g6',
      'abcdefghijkl',
      '',
      null,
      undefined,
      42,
      { $gt: '' },
    ]) {
      expect(isObjectId(other)).toBe(false);
    }
  });
});
