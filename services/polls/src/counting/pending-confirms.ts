/**
 * Taking acknowledged votes and changes off their poll's pending set (`keys.pending`: the voter, scored with the stamp
 * of the step that marked them, attempt-stamp.ts). A mark is taken off only while it is still that step's: a voter's
 * next step (a change, a take-back, on this process or another) marks them again with its own stamp, and the earlier
 * step's confirmation, sent later (the confirmations of a moment go out together, after its answers), must not take
 * that newer mark off: if the newer step's event then failed to publish, nothing would be left for the pending-votes
 * job to publish, and MongoDB would never learn it (a take-back lost so in a chaos run, MongoDB one vote over Redis).
 */
import type { Redis } from 'ioredis';
import { defineScripts } from '@meydan/kit';
import { keys } from '../store/keys.js';

/** KEYS: pending. ARGV: voter, stamp, voter, stamp, …: each voter taken off while their score is that stamp. */
const CONFIRM = `
for i = 1, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == tonumber(ARGV[i + 1]) then redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return 0
`;

interface ConfirmCommands {
  pollsConfirmPending(pending: string, ...voterStamps: string[]): Promise<number>;
}

export class PendingConfirms {
  private readonly redis: Redis & ConfirmCommands;
  /** Confirmations not sent yet, by poll: voter and stamp, flat. */
  private readonly waiting = new Map<string, string[]>();

  constructor(redis: Redis) {
    this.redis = defineScripts<ConfirmCommands>(redis, { pollsConfirmPending: { keys: 1, lua: CONFIRM } });
  }

  /** The step stamped `stamp` of `voter` on the poll was acknowledged; sent with the others of this moment. */
  confirm(pollId: string, voter: string, stamp: number): void {
    let flat = this.waiting.get(pollId);
    if (!flat) {
      flat = [];
      this.waiting.set(pollId, flat);
    }
    flat.push(voter, String(stamp));
    if (this.waiting.size === 1 && flat.length === 2) setImmediate(() => this.flush());
  }

  /** One command per poll (a poll's keys share a hash tag); a failure leaves the marks: the job publishes again, stored once. */
  private flush(): void {
    const batches = [...this.waiting];
    this.waiting.clear();
    for (const [pollId, flat] of batches)
      this.redis.pollsConfirmPending(keys.pending(pollId), ...flat).catch(() => undefined);
  }
}
