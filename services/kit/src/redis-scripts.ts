import type { Redis } from 'ioredis';

/** A Lua script as an ioredis command: how many of its arguments are keys (omitted: the caller says, per call). */
export interface RedisScript {
  keys?: number;
  lua: string;
}

/**
 * Defines Lua scripts as commands on the client, once per client (a second store on the same client finds them), and
 * returns the client typed with them. Call it when the store is made at start-up, never on first use: ioredis
 * mismatches the replies of commands already queued on an auto-pipelined client when a command is defined while they
 * wait (its issue 1931), which answered one request with another's reply and crashed a service.
 */
export function defineScripts<Commands>(
  redis: Redis,
  scripts: Record<keyof Commands & string, RedisScript>,
): Redis & Commands {
  const defined = redis as unknown as Record<string, unknown>;
  for (const [name, script] of Object.entries<RedisScript>(scripts)) {
    if (defined[name]) continue;
    redis.defineCommand(
      name,
      script.keys === undefined ? { lua: script.lua } : { numberOfKeys: script.keys, lua: script.lua },
    );
  }
  return redis as Redis & Commands;
}
