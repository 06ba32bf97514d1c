/**
 * Where the timelines' copies live on a Redis Cluster. Each copy (a shard) is every timeline under a hash tag of its
 * own, and shard k's tag is chosen so that its slot falls in the k-th of `shards` equal ranges of the 16,384 slots.
 * `redis-cli --cluster create` gives each master one contiguous, equal range, so with at least as many shards as
 * masters every master holds copies, and a member's feed (read from one shard) lands on any of them.
 */

/** The copies kept on a Redis Cluster when FEED_SHARDS does not say: more than the masters of most clusters. */
export const CLUSTER_FEED_SHARDS = 8;

/** How many copies to keep: FEED_SHARDS, or when it is 0, CLUSTER_FEED_SHARDS on a cluster and one elsewhere. */
export const feedShards = (configured: number, cluster: boolean) =>
  configured > 0 ? configured : cluster ? CLUSTER_FEED_SHARDS : 1;

/** A Redis Cluster's slots. */
export const SLOTS = 16_384;

/** CRC16/XMODEM, Redis Cluster's key hash (polynomial 0x1021, no reflection, initial value 0). */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The slot of a key whose hash tag is `tag` (Redis hashes only the text between the braces). */
export function slotOf(tag: string): number {
  return crc16(Buffer.from(tag, 'utf8')) % SLOTS;
}

/**
 * The hash tags of the shards of one database's timelines: `feed:<database>#<k>.<n>`, n the smallest integer that
 * puts the tag's slot in shard k's range (a few dozen tries at most: a range holds 1/shards of the slots).
 */
export function shardTags(database: string, shards: number): string[] {
  return Array.from({ length: shards }, (_, k) => {
    const from = Math.floor((k * SLOTS) / shards);
    const to = Math.floor(((k + 1) * SLOTS) / shards);
    for (let n = 0; ; n++) {
      const tag = `feed:${database}#${k}.${n}`;
      const slot = slotOf(tag);
      if (slot >= from && slot < to) return tag;
    }
  });
}

/** The shard a reader's pages come from: the same one every time for the same id, spread evenly over the ids. */
export function shardOfReader(readerId: string, shards: number): number {
  return crc16(Buffer.from(readerId, 'utf8')) % shards;
}
