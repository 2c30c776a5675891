/**
 * Short locks in Redis without the store's key index (redis-scripts.ts): a lock lives for
 * seconds and is never listed, so it needs plain SET NX PX and compare-and-delete only, each one
 * command. The chat lock (bot/core/chat-lock.ts) takes its lock and reads the chat's session in
 * the same script (the chat's session, the person acting): one round trip where there were
 * several, on every update.
 *
 * Values are JSON like every other value of the store, so `store.get(lockKey)` reads the holder.
 * Tests: none directly
 */
import { Script } from "./redis-scripts.ts";

/**
 * KEYS[1] lock, KEYS[2..] keys to read (none or several); ARGV token (JSON), TTL ms.
 * Returns {1, false, values...} when taken, {0, holder, values...} when held by another.
 */
const LOCK_AND_READ = `
local taken = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
local out = {1, false}
if not taken then out = {0, redis.call('GET', KEYS[1])} end
for i = 2, #KEYS do out[i + 1] = redis.call('GET', KEYS[i]) end
return out`;

/** KEYS[1] lock; ARGV token (JSON), TTL ms: extends the TTL while the token holds it. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** KEYS[1] lock; ARGV token (JSON): deletes it while the token holds it. */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export const LOCK_SCRIPTS = {
  lockAndRead: new Script(LOCK_AND_READ),
  renew: new Script(RENEW),
  unlock: new Script(UNLOCK),
};

/** What a store offers for locks of its own kind (RedisStore). */
export interface LockingStore {
  /**
   * Takes `key` for `token` unless someone holds it, and reads `readKeys` in the same step
   * (`values` in their order, undefined where absent). `holder`: who holds it when not taken.
   */
  lockAndRead(
    key: string,
    token: string,
    ttlMs: number,
    readKeys?: readonly string[],
  ): Promise<{ locked: boolean; values: unknown[]; holder?: unknown }>;
  /** Extends the lock's TTL while `token` holds it; false: it ran out or another holds it. */
  renewLock(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock if `token` holds it. */
  unlock(key: string, token: string): Promise<boolean>;
}

export function isLockingStore(store: object): store is LockingStore {
  return typeof (store as Partial<LockingStore>).lockAndRead === "function";
}
