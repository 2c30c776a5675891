/**
 * A kill -9 in the middle of a buyer's burst: `node src/main.ts` as a real process over its file
 * store, relaying to a seller's private chat at Telegram's pace (one message a second). After the
 * restart every message arrives, in order, and at most the last one before the kill twice; the
 * burst reads on as one conversation (the short "same buyer" mark, no second header).
 */
import { afterEach, describe, expect, it } from "vitest";
import { stopMainProcesses } from "../support/main-process.ts";
import { startMainRelay } from "../support/main-relay.ts";
import { person } from "../support/updates.ts";
import { waitFor, withDeadline } from "../support/wait.ts";

const ADMIN = person(904, { first_name: "Olga", language_code: "en" });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  stopMainProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a kill -9 in the middle of a burst", () => {
  it("repeats at most the last message, and the burst goes on under its mark", async () => {
    const rig = await startMainRelay({ seed: 29, adminId: ADMIN.id });
    cleanups.push(() => rig.close());
    const { sandbox } = rig;
    const copies = () => rig.buyerCopies(ADMIN.id);

    const first = await rig.start();
    // The first look only notes where each chat stands; the next ones relay.
    await rig.relayPasses(2);
    const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    if (!chat) throw new Error("no open buyer chat");
    const texts = Array.from({ length: 6 }, (_, i) => `Вопрос ${i + 1}`);
    for (const text of texts) sandbox.control.buyerWrites(chat.id, { text });
    await waitFor(() => copies().length >= 3, { timeoutMs: 15_000, message: "three copies" });

    first.child.kill("SIGKILL");
    expect((await withDeadline(first.exit, 10_000, "the kill")).signal).toBe("SIGKILL");
    const beforeKill = copies().length;
    // The kill came mid-burst: at one message a second the rest was still to go (three more
    // seconds of it), so only the restarted process can deliver it.
    expect(beforeKill).toBeGreaterThanOrEqual(3);
    expect(beforeKill).toBeLessThan(texts.length);

    const second = await rig.start();
    cleanups.push(async () => {
      second.child.kill("SIGTERM");
      await withDeadline(second.exit, 20_000, "the exit");
    });
    await waitFor(() => copies().some((text) => text.startsWith(`${texts.at(-1)}\n\n`)), {
      timeoutMs: 30_000,
      message: "the whole burst",
    });

    // The restarted process delivered the rest.
    expect(copies().length).toBeGreaterThan(beforeKill);
    const words = copies().map((text) => text.split("\n\n")[0] ?? "");
    // Every message, in order; at most the one in flight at the kill came twice.
    expect([...new Set(words)]).toEqual(texts);
    const repeated = words.filter((word, i) => words.indexOf(word) !== i);
    expect(repeated.length).toBeLessThanOrEqual(1);
    if (repeated[0] !== undefined) expect(repeated[0]).toBe(words[beforeKill - 1]);
    // One burst across the kill: one header, the rest (a repeat too) under the short mark.
    expect(copies().filter((text) => text.split("\n\n")[1]?.startsWith("💬"))).toHaveLength(1);
  }, 90_000);
});
