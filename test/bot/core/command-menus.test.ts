/**
 * Each person's command menu (setMyCommands with a chat scope): only what their roles allow, in
 * their language, sent again only when it changed, taken away when their roles go.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, person } from "../../support/updates.ts";
import { type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(301, { first_name: "Ada", language_code: "en" });
const BOB = person(302, { first_name: "Bob", language_code: "en" });

let h: Harness;
afterEach(() => h?.close());

const scopeOf = (id: number) => JSON.stringify({ type: "chat", chat_id: id });
const menusOf = (id: number, method = "setMyCommands") =>
  h.fake.callsTo(method).filter((c) => JSON.stringify(c.payload.scope) === scopeOf(id));
const names = (call: RecordedCall | undefined) =>
  ((call?.payload.commands ?? []) as Array<{ command: string }>).map((c) => c.command);

async function lastSent(chatId: number, since: number) {
  return h.fake.waitForCall("sendMessage", (c) => c.payload.chat_id === chatId, 2_000, { since });
}

describe("per-person command menus", () => {
  it("follow the person's roles and language, and are not sent again unchanged", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    let since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN }));
    await h.send(press(await lastSent(ADMIN.id, since), "warehouse", ADMIN));
    const link = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
    const payload = /start=([\w-]+)/.exec(textOf(link))?.[1] ?? "";

    await h.send(command("start", { from: BOB, args: payload }));
    const menu = await h.fake.waitForCall(
      "setMyCommands",
      (c) => JSON.stringify(c.payload.scope) === scopeOf(BOB.id),
    );
    expect(menu.payload.language_code).toBeUndefined();
    // Issue 40: at most 7 entries — Home, the warehouse jobs done most, /help; the rest is typed.
    expect(names(menu)).toEqual([
      "start",
      "today",
      "find",
      "postings",
      "handover",
      "products",
      "help",
    ]);
    expect(JSON.stringify(menu.payload.commands)).toContain("Today's postings per warehouse");

    // Nothing changed: no second call (Telegram limits them), across a restart too.
    await h.send(command("start", { from: BOB }));
    h.restart();
    await h.send(command("help", { from: BOB }));
    expect(menusOf(BOB.id)).toHaveLength(1);

    // A language switch sends the same list in Russian.
    since = h.fake.calls.length;
    await h.send(command("language", { from: BOB }));
    await h.send(press(await lastSent(BOB.id, since), "Русский", BOB));
    await h.fake.waitForCall("setMyCommands", (c) => c.seq >= since);
    expect(menusOf(BOB.id)).toHaveLength(2);
    expect(JSON.stringify(menusOf(BOB.id)[1]?.payload.commands)).toContain(
      "Отправления на сегодня",
    );

    // An admin grants manager: /campaigns and /report appear (taken in turn with the warehouse
    // jobs, still at most 7); revoking both roles takes the menu away.
    since = h.fake.calls.length;
    await h.send(command("users", { from: ADMIN }));
    await h.send(press(await lastSent(ADMIN.id, since), "Bob", ADMIN));
    let card = await h.fake.waitForCall("editMessageText", (c) => c.seq >= since);
    let from = h.fake.calls.length;
    await h.send(press(card, "manager", ADMIN));
    card = await h.fake.waitForCall("editMessageText", (c) => c.seq >= from);
    await h.fake.waitForCall("setMyCommands", (c) => c.seq >= since);
    expect(names(menusOf(BOB.id)[2])).toEqual(expect.arrayContaining(["campaigns", "report"]));
    expect(names(menusOf(BOB.id)[2]).length).toBeLessThanOrEqual(7);
    expect(names(menusOf(BOB.id)[2])).not.toContain("invite");

    for (const role of ["warehouse", "manager"]) {
      from = h.fake.calls.length;
      await h.send(press(card, `● ${role}`, ADMIN));
      card = await h.fake.waitForCall("editMessageText", (c) => c.seq >= from);
    }
    await h.fake.waitForCall("deleteMyCommands", (c) => c.seq >= since);
    expect(menusOf(BOB.id, "deleteMyCommands")).toHaveLength(1);
    expect(await h.store.get(`menu:${BOB.id}`)).toBeUndefined();
  });
});
