import { describe, expect, it } from 'vitest';
import { findEachById } from '@meydan/kit';

describe('findEachById', () => {
  it('finds each id on its own, at most 20 at once, in order, leaving out the ones not found', async () => {
    const ids = Array.from({ length: 45 }, (_, i) => `id-${i}`);
    let inFlight = 0;
    let most = 0;
    const found = await findEachById(ids, async (id) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return Number(id.slice(3)) % 3 === 0 ? null : { id };
    });
    expect(most).toBe(20);
    expect(found.map((d) => d.id)).toEqual(ids.filter((_, i) => i % 3 !== 0));
    expect(await findEachById([], async () => ({}))).toEqual([]);
  });
});
