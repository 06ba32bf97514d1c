/** How many members a storm at `rate` votes/s needs for at most `stormS` seconds (coprime with the member polls). */
export function stormMembers(rate: number, stormS: number): number;
