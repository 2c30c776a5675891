/** Saved answers: the placeholder check, filling (values in, missing ones left out tidily), caps. */
import { describe, expect, it } from "vitest";
import {
  checkQuickReply,
  fillQuickReply,
  MAX_QUICK_REPLIES,
  QuickReplies,
} from "../../../../src/services/chats/replies/quick-replies.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";

describe("checkQuickReply", () => {
  it("takes both spellings of the known placeholders and refuses others", () => {
    expect(checkQuickReply("Заказ {order}, {name}; {ЗАКАЗ} {имя}")).toBeUndefined();
    expect(checkQuickReply("Привет, {buyer}")).toEqual({
      kind: "unknown_placeholder",
      token: "{buyer}",
    });
    expect(checkQuickReply("   ")).toEqual({ kind: "empty" });
    expect(checkQuickReply("a".repeat(1001))).toMatchObject({ kind: "too_long", max: 1000 });
    // Braces around a space or nothing are plain text, not a placeholder.
    expect(checkQuickReply("смайлик {} и { }")).toBeUndefined();
  });
});

describe("fillQuickReply", () => {
  it("puts the values in", () => {
    expect(
      fillQuickReply("Здравствуйте, {name}! Заказ {order}.", { name: "Ира", order: "1-2" }),
    ).toEqual({ text: "Здравствуйте, Ира! Заказ 1-2.", missing: [] });
  });

  it("leaves out what has no value, with the comma or space before it", () => {
    expect(fillQuickReply("Здравствуйте, {name}! Заказ {order} уже в пути.", {})).toEqual({
      text: "Здравствуйте! Заказ уже в пути.",
      missing: ["order", "name"],
    });
    expect(fillQuickReply("{имя}, добрый день", { order: "5" }).text).toBe("добрый день");
    expect(fillQuickReply("Привет, {name}, как дела", {}).text).toBe("Привет, как дела");
  });
});

describe("QuickReplies", () => {
  it("keeps ids and revisions, caps the count, and two writers at once lose nothing", async () => {
    const replies = new QuickReplies(new MemoryStore());
    const added = await Promise.all(
      Array.from({ length: MAX_QUICK_REPLIES }, (_, i) => replies.add(`ответ ${i}`)),
    );
    expect(added.every((r) => r.ok)).toBe(true);
    expect(await replies.list()).toHaveLength(MAX_QUICK_REPLIES);
    expect(await replies.add("лишний")).toEqual({
      ok: false,
      problem: { kind: "full", max: MAX_QUICK_REPLIES },
    });
    const first = (await replies.list())[0];
    if (!first) throw new Error("no reply");
    expect(await replies.edit(first.id, "новый")).toMatchObject({ ok: true, reply: { rev: 2 } });
    expect(await replies.remove(first.id)).toBe(true);
    expect(await replies.remove(first.id)).toBe(false);
    const again = await replies.add("ещё");
    // An id is never given again: a button of the deleted answer cannot send the new one.
    expect(again.ok && again.reply.id).not.toBe(first.id);
  });
});
