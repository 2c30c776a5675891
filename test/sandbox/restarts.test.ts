/**
 * The built-in sandbox lives in memory and is rebuilt from the same seed at every start, while
 * the bot's file store remembers the previous life's posting numbers and message ids. With
 * `freshAfterStart` the same shop comes back, but what happens after the start gets numbers and
 * ids a restarted bot has never seen.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";

const started: Sandbox[] = [];
afterEach(async () => {
  for (const sb of started.splice(0)) await sb.close();
});

async function life(): Promise<{ postings: string[]; messageIds: bigint[]; seeded: string[] }> {
  const sb = await startSandbox({ seed: 1, freshAfterStart: true });
  started.push(sb);
  const seeded = sb.control.postings().map((p) => p.postingNumber);
  const chat = sb.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
  expect(chat).toBeDefined();
  const postings = [sb.control.addPosting().postingNumber, sb.control.addPosting().postingNumber];
  const messageIds = [1, 2].map((n) =>
    BigInt(sb.control.buyerWrites(chat?.id as string, { text: `вопрос ${n}` }).id),
  );
  await sb.close();
  started.pop();
  return { postings, messageIds, seeded };
}

describe("sandbox restarted with freshAfterStart", () => {
  it("keeps the seeded shop but never repeats a new posting number or an older message id", async () => {
    const first = await life();
    const second = await life();
    expect(second.seeded).toEqual(first.seeded);
    for (const number of second.postings) expect(first.postings).not.toContain(number);
    const lastBefore = first.messageIds.at(-1) as bigint;
    for (const id of second.messageIds) expect(id > lastBefore).toBe(true);
  });
});
