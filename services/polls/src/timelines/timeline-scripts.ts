/**
 * The feed timelines' Lua scripts (timelines.ts runs them, one shard at a time) and their commands' types. Each names one
 * key, the shard's `facts`, and builds the shard's other keys from it, so every script runs on one node of a cluster.
 */
const COMMON = `
local base = string.sub(KEYS[1], 1, #KEYS[1] - 5)
local function facts_of(id)
  local f = redis.call('HGET', base .. 'facts', id)
  if not f then return nil end
  local t, c, creator, ends = string.match(f, '^([^|]*)|([^|]*)|([^|]*)|([^|]*)$')
  return { type = t, cat = c, creator = creator, ends = tonumber(ends) }
end
local function drop(id)
  local f = facts_of(id)
  if f then
    if f.type == 'friends' then
      redis.call('ZREM', base .. 'fc:' .. f.creator, id)
      redis.call('ZREM', base .. 'fhot', id)
    else
      for _, set in ipairs({ 'new:', 'hot:', 'pub:new:', 'pub:hot:' }) do
        redis.call('ZREM', base .. set .. 'all', id)
        redis.call('ZREM', base .. set .. 'c:' .. f.cat, id)
      end
    end
    redis.call('HDEL', base .. 'facts', id)
  end
  redis.call('ZREM', base .. 'ends', id)
end
`;

/** ARGV: id, type, category, creatorId, expiresAtMs (0: none), createdAtMs, hot. */
export const ADD = `${COMMON}
local id, t, cat, creator, ends = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
drop(id)
if t == 'friends' then
  redis.call('ZADD', base .. 'fc:' .. creator, ARGV[6], id)
  redis.call('ZADD', base .. 'fhot', ARGV[7], id)
else
  local sets = t == 'public' and { '', 'pub:' } or { '' }
  for _, set in ipairs(sets) do
    redis.call('ZADD', base .. set .. 'new:all', ARGV[6], id)
    redis.call('ZADD', base .. set .. 'hot:all', ARGV[7], id)
    redis.call('ZADD', base .. set .. 'new:c:' .. cat, ARGV[6], id)
    redis.call('ZADD', base .. set .. 'hot:c:' .. cat, ARGV[7], id)
  end
end
redis.call('HSET', base .. 'facts', id, t .. '|' .. cat .. '|' .. creator .. '|' .. ends)
if ends ~= '0' then redis.call('ZADD', base .. 'ends', ends, id) end
return 1
`;

/** ARGV: ids. */
export const DROP = `${COMMON}
for _, id in ipairs(ARGV) do drop(id) end
return 1
`;

/** ARGV: id, hot. Only a poll the timelines hold is rescored. */
export const RESCORE = `${COMMON}
local f = facts_of(ARGV[1])
if not f then return 0 end
if f.type == 'friends' then
  redis.call('ZADD', base .. 'fhot', 'XX', ARGV[2], ARGV[1])
else
  for _, set in ipairs({ 'hot:', 'pub:hot:' }) do
    redis.call('ZADD', base .. set .. 'all', 'XX', ARGV[2], ARGV[1])
    redis.call('ZADD', base .. set .. 'c:' .. f.cat, 'XX', ARGV[2], ARGV[1])
  end
end
return 1
`;

/** Empties every timeline (before a rebuild fills them again). */
export const CLEAR = `${COMMON}
redis.call('DEL', base .. 'built')
for _, id in ipairs(redis.call('HKEYS', base .. 'facts')) do drop(id) end
redis.call('DEL', base .. 'facts', base .. 'ends', base .. 'fhot')
redis.call('DEL', base .. 'new:all', base .. 'hot:all', base .. 'pub:new:all', base .. 'pub:hot:all')
return 1
`;

/**
 * KEYS: facts (one key, as the other scripts: a client of a cluster that pipelines commands on its own groups them by
 * their first argument, which must be a key). ARGV: now (ms), order (new|hot), mode (page: the first n; cursor: the
 * first n after (k, id); none), n, k, id, category, the shared timeline (`new:all`, `pub:hot:c:<slug>` …), then the
 * creator ids of the circle (whose `fc:<creatorId>` are read).
 * Drops polls found expired, then answers {1, shared total, shared [id, score...], circle [id, score, creatorId...]},
 * or {0} when the timelines are not built.
 */
export const READ = `${COMMON}
if redis.call('EXISTS', base .. 'built') == 0 then return {0} end
local now = tonumber(ARGV[1])
for _, id in ipairs(redis.call('ZRANGEBYSCORE', base .. 'ends', '-inf', now, 'LIMIT', 0, 200)) do drop(id) end
local timeline = base .. ARGV[8]

local total, shared = 0, {}
local n = tonumber(ARGV[4])
if ARGV[3] == 'page' then
  total = redis.call('ZCARD', timeline)
  if n > 0 then shared = redis.call('ZREVRANGE', timeline, 0, n - 1, 'WITHSCORES') end
elseif ARGV[3] == 'cursor' then
  total = redis.call('ZCARD', timeline)
  local k, after = tonumber(ARGV[5]), ARGV[6]
  local offset = 0
  while #shared < 2 * n do
    local batch = redis.call('ZREVRANGEBYSCORE', timeline, ARGV[5], '-inf', 'WITHSCORES', 'LIMIT', offset, 64)
    if #batch == 0 then break end
    for i = 1, #batch, 2 do
      if #shared < 2 * n and (tonumber(batch[i + 1]) < k or batch[i] < after) then
        shared[#shared + 1] = batch[i]
        shared[#shared + 1] = batch[i + 1]
      end
    end
    offset = offset + #batch / 2
  end
end

local circle, category, byHot = {}, ARGV[7], ARGV[2] == 'hot'
for i = 9, #ARGV do
  local rows = redis.call('ZRANGE', base .. 'fc:' .. ARGV[i], 0, -1, 'WITHSCORES')
  for j = 1, #rows, 2 do
    local f = facts_of(rows[j])
    if f and (category == '' or f.cat == category) and (f.ends == 0 or f.ends > now) then
      local score = rows[j + 1]
      if byHot then score = redis.call('ZSCORE', base .. 'fhot', rows[j]) end
      if score then
        circle[#circle + 1] = rows[j]
        circle[#circle + 1] = score
        circle[#circle + 1] = f.creator
      end
    end
  end
end
return {1, total, shared, circle}
`;

export interface TimelineCommands {
  pollsTimelineAdd(
    factsKey: string,
    id: string,
    type: string,
    category: string,
    creatorId: string,
    endsMs: string,
    createdMs: string,
    hot: string,
  ): Promise<number>;
  pollsTimelineDrop(factsKey: string, ...ids: string[]): Promise<number>;
  pollsTimelineRescore(factsKey: string, id: string, hot: string): Promise<number>;
  pollsTimelineClear(factsKey: string): Promise<number>;
  pollsTimelineRead(factsKey: string, ...args: string[]): Promise<[0] | [1, number, string[], string[]]>;
}
