/**
 * The Lua scripts behind RedisStore's writes. Each keeps the store's key index in the same
 * atomic step as the write itself:
 *
 *   <prefix>\0index    sorted set, every score 0, a member per live key (the key without the
 *                      prefix): list(prefix) is one ZRANGEBYLEX instead of a SCAN of the whole
 *                      keyspace
 *   <prefix>\0expiry   sorted set of the keys written with a TTL, scored by the Redis time (ms)
 *                      at which they expire
 *
 * Redis expires a key on its own and tells nobody, so its index member outlives it: list()
 * skips members whose key is gone (MGET answers nil), and the sweep (SWEEP below, run by every
 * store now and then) removes the members of keys whose expiry time has passed. Times come from
 * Redis (TIME), so processes with skewed clocks agree.
 *
 * Every script gets KEYS[1] = index, KEYS[2] = expiry, then the data keys; the members (keys
 * without the prefix) come in ARGV.
 * Tests: test/store/redis.test.ts
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

const PRELUDE = `
local index, expiry = KEYS[1], KEYS[2]
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function put(key, member, value, ttl)
  if ttl == '' then
    redis.call('SET', key, value)
    redis.call('ZREM', expiry, member)
  else
    redis.call('SET', key, value, 'PX', ttl)
    redis.call('ZADD', expiry, now_ms() + tonumber(ttl), member)
  end
  redis.call('ZADD', index, 0, member)
end
local function drop(key, member)
  local existed = redis.call('DEL', key)
  redis.call('ZREM', index, member)
  redis.call('ZREM', expiry, member)
  return existed
end
`;

/** KEYS[3] key; ARGV member, JSON, TTL ms or ''. */
const SET = `${PRELUDE}
put(KEYS[3], ARGV[1], ARGV[2], ARGV[3])
return 1`;

/** As SET, only when the key is absent; 1 when it set. */
const SET_IF_ABSENT = `${PRELUDE}
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
put(KEYS[3], ARGV[1], ARGV[2], ARGV[3])
return 1`;

/** KEYS[3] key; ARGV member. How many keys were deleted. */
const DELETE = `${PRELUDE}
return drop(KEYS[3], ARGV[1])`;

/** KEYS[3] key; ARGV member. The value, or nil. */
const TAKE = `${PRELUDE}
local value = redis.call('GET', KEYS[3])
if value then drop(KEYS[3], ARGV[1]) end
return value`;

/**
 * INCRBY, undone when the result leaves JavaScript's safe integer range (the other stores refuse
 * it too). The sum is read back as text: Lua numbers are doubles and would round it. The TTL is
 * left as it was, so the expiry set needs no change. KEYS[3] key; ARGV member, step.
 */
const INCREMENT = `${PRELUDE}
redis.call('INCRBY', KEYS[3], ARGV[2])
local text = redis.call('GET', KEYS[3])
local digits = string.gsub(text, '^%-', '')
if #digits > 16 or (#digits == 16 and digits > '9007199254740991') then
  redis.call('DECRBY', KEYS[3], ARGV[2])
  return redis.error_reply('UNSAFE sum beyond the safe integer range')
end
redis.call('ZADD', index, 0, ARGV[1])
return text`;

/**
 * KEYS[3..] keys; ARGV: per key four values: member, expected ('' absent, else '=' .. JSON),
 * next ('' delete, else '=' .. JSON), TTL ms or ''. Checks all, then writes all; 1 when it did.
 */
const COMPARE_AND_SET_MANY = `${PRELUDE}
local n = #KEYS - 2
for i = 1, n do
  local current = redis.call('GET', KEYS[i + 2])
  local expected = ARGV[(i - 1) * 4 + 2]
  if expected == '' then
    if current then return 0 end
  elseif current ~= string.sub(expected, 2) then
    return 0
  end
end
for i = 1, n do
  local base = (i - 1) * 4
  local nextValue = ARGV[base + 3]
  if nextValue == '' then
    drop(KEYS[i + 2], ARGV[base + 1])
  else
    put(KEYS[i + 2], ARGV[base + 1], string.sub(nextValue, 2), ARGV[base + 4])
  end
end
return 1`;

/**
 * Removes the index members of keys whose expiry time has passed (at most ARGV[2] of them);
 * a key found alive again was re-written since (permanent now, or with a TTL its own write
 * recorded). ARGV[1] is the key prefix. Returns how many members were looked at.
 */
const SWEEP = `${PRELUDE}
local now = now_ms()
local due = redis.call('ZRANGEBYSCORE', expiry, '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  local ttl = redis.call('PTTL', ARGV[1] .. member)
  if ttl == -2 then
    redis.call('ZREM', index, member)
    redis.call('ZREM', expiry, member)
  elseif ttl == -1 then
    redis.call('ZREM', expiry, member)
  else
    redis.call('ZADD', expiry, now + ttl, member)
  end
end
return #due`;

/**
 * Indexes keys written before the index existed: ARGV pairs of member and PTTL (-1 permanent).
 * Keys already in the index are left as they are. A PTTL of 0 (a key in its last millisecond)
 * still gets its expiry, or the sweep would never drop it from the index.
 */
const ADOPT = `${PRELUDE}
local now = now_ms()
for i = 1, #ARGV, 2 do
  local member, ttl = ARGV[i], tonumber(ARGV[i + 1])
  if ttl ~= -2 and redis.call('ZADD', index, 'NX', 0, member) == 1 and ttl >= 0 then
    redis.call('ZADD', expiry, now + ttl, member)
  end
end
return 1`;

/** A Lua script run by its SHA1 (EVALSHA), sent in full only when Redis does not know it yet. */
export class Script {
  readonly #lua: string;
  readonly #sha: string;

  constructor(lua: string) {
    this.#lua = lua;
    this.#sha = createHash("sha1").update(lua).digest("hex");
  }

  async run(client: Redis, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await client.evalsha(this.#sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
      return client.eval(this.#lua, keys.length, ...keys, ...args);
    }
  }
}

export const SCRIPTS = {
  set: new Script(SET),
  setIfAbsent: new Script(SET_IF_ABSENT),
  delete: new Script(DELETE),
  take: new Script(TAKE),
  increment: new Script(INCREMENT),
  compareAndSetMany: new Script(COMPARE_AND_SET_MANY),
  sweep: new Script(SWEEP),
  adopt: new Script(ADOPT),
};
