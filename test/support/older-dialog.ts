/**
 * A dialog saved by the code before this CONVERSATIONS_VERSION: what a deploy leaves behind for
 * a person who was in the middle of a dialog. The new code must drop it with a clear word, never
 * replay it (its waits were recorded by other code).
 */
import { expect } from "vitest";
import { CONVERSATIONS_VERSION } from "../../src/bot/core/dialog/conversations.ts";
import type { Store } from "../../src/store/port.ts";

/** Rewrites the private-chat dialog of `userId` as if the previous version had saved it. */
export async function savedByOlderCode(store: Store, userId: number): Promise<void> {
  const key = `session:${userId}`;
  const session = await store.get<{ conversations: Record<string, { version: unknown[] }> }>(key);
  const saved = session && Object.values(session.conversations)[0];
  if (!session || !saved) throw new Error("no saved dialog");
  expect(saved.version[1]).toBe(CONVERSATIONS_VERSION);
  saved.version = [saved.version[0], CONVERSATIONS_VERSION - 1];
  await store.set(key, session);
}
