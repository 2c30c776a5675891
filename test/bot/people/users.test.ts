/** /users: people with their roles, buttons to change or revoke roles, paging, stale presses. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { USERS_PAGE_SIZE } from "../../../src/bot/people/users.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, person } from "../../support/updates.ts";
import { buttonsOf, type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(401, { first_name: "Ada", language_code: "en" });
const BOB = person(402, { first_name: "Bob", username: "bob", language_code: "en" });

let h: Harness;
beforeEach(async () => {
  h = await startBot({ adminIds: [ADMIN.id] });
  await h.access.grant(BOB.id, "warehouse", ADMIN.id);
  // Bob's name is learnt when he writes to the bot.
  await h.send(command("start", { from: BOB }));
});
afterEach(() => h.close());

async function last(method: string, since: number): Promise<RecordedCall> {
  await h.fake.waitForCall(method, () => true, 2_000, { since });
  const calls = h.fake.callsTo(method).filter((c) => c.seq >= since);
  const call = calls[calls.length - 1];
  if (!call) throw new Error(`no ${method}`);
  return call;
}

async function openUsers(): Promise<RecordedCall> {
  const since = h.fake.calls.length;
  await h.send(command("users", { from: ADMIN }));
  return last("sendMessage", since);
}

/** Presses a button of `screen` as `who` and returns the screen shown next (the edited message). */
async function pressOn(screen: RecordedCall, label: string | RegExp, who = ADMIN) {
  const since = h.fake.calls.length;
  await h.send(press(screen, label, who));
  const answer = await last("answerCallbackQuery", since);
  const edits = h.fake.callsTo("editMessageText").filter((c) => c.seq >= since);
  return { answer, screen: edits[edits.length - 1] };
}

describe("/users", () => {
  it("lists people with their roles", async () => {
    const list = await openUsers();
    expect(textOf(list)).toContain("People with access to the bot: 2");
    expect(textOf(list)).toContain("Bob (@bob) — warehouse");
    // The ADMIN_IDS admin has no record until they write; then their name is kept.
    expect(textOf(list)).toContain("Ada — administrator");
  });

  it("grants and revokes roles with buttons", async () => {
    const list = await openUsers();
    const card = (await pressOn(list, "Bob")).screen as RecordedCall;
    expect(textOf(card)).toContain("Roles: warehouse");
    expect(buttonsOf(card).map((b) => b.text)).toContain("● warehouse");

    const granted = await pressOn(card, "➕ manager");
    expect(granted.answer.payload.text).toBe('Role "manager" granted');
    expect(textOf(granted.screen as RecordedCall)).toContain("Roles: warehouse, manager");
    expect((await h.access.find(BOB.id))?.roles).toEqual(["warehouse", "manager"]);

    const revoked = await pressOn(granted.screen as RecordedCall, "● warehouse");
    expect(revoked.answer.payload.text).toBe('Role "warehouse" revoked');
    expect((await h.access.find(BOB.id))?.roles).toEqual(["manager"]);

    // Revoking the last role: Bob becomes a stranger again.
    await pressOn(revoked.screen as RecordedCall, "● manager");
    expect(await h.access.find(BOB.id)).toBeUndefined();
    const since = h.fake.calls.length;
    await h.send(command("postings", { from: BOB }));
    expect(textOf(await last("sendMessage", since))).toContain(`Your Telegram id: ${BOB.id}`);
  });

  it("a stale button (someone already changed it) says so and shows the truth", async () => {
    const list = await openUsers();
    const card = (await pressOn(list, "Bob")).screen as RecordedCall;
    await h.access.revoke(BOB.id, "warehouse"); // another admin did it meanwhile
    await h.access.grant(BOB.id, "seller");
    const stale = await pressOn(card, "● warehouse");
    expect(stale.answer.payload.text).toContain("Someone already changed this");
    expect(textOf(stale.screen as RecordedCall)).toContain("Roles: customer care");
    expect((await h.access.find(BOB.id))?.roles).toEqual(["seller"]);
  });

  it("the admin from ADMIN_IDS cannot be revoked in the bot", async () => {
    const list = await openUsers();
    const card = (await pressOn(list, "Ada")).screen as RecordedCall;
    expect(textOf(card)).toContain("ADMIN_IDS");
    const refused = await pressOn(card, "● administrator");
    expect(refused.answer.payload.show_alert).toBe(true);
    expect(String(refused.answer.payload.text)).toContain("ADMIN_IDS");
    expect((await h.access.find(ADMIN.id))?.roles).toContain("admin");
  });

  it("the last admin cannot remove themselves", async () => {
    await h.close();
    h = await startBot();
    await h.access.grant(ADMIN.id, "admin");
    const list = await openUsers();
    const card = (await pressOn(list, "Ada")).screen as RecordedCall;
    const refused = await pressOn(card, "● administrator");
    expect(String(refused.answer.payload.text)).toContain("last administrator");
    expect((await h.access.find(ADMIN.id))?.roles).toEqual(["admin"]);
  });

  it("pages through many people", async () => {
    for (let i = 0; i < 2 * USERS_PAGE_SIZE; i++) await h.access.grant(5000 + i, "seller");
    const list = await openUsers();
    const total = 2 * USERS_PAGE_SIZE + 2;
    expect(textOf(list)).toContain(`People with access to the bot: ${total}`);
    expect(
      textOf(list)
        .split("\n")
        .filter((l) => /^\d+\. /.test(l)),
    ).toHaveLength(USERS_PAGE_SIZE);
    expect(buttonsOf(list).map((b) => b.text)).toContain("1 / 3");
    const page2 = (await pressOn(list, "»")).screen as RecordedCall;
    expect(textOf(page2)).toContain(`${USERS_PAGE_SIZE + 1}. `);
    expect(buttonsOf(page2).map((b) => b.text)).toContain("2 / 3");
    const page3 = (await pressOn(page2, "»")).screen as RecordedCall;
    expect(
      textOf(page3)
        .split("\n")
        .filter((l) => /^\d+\. /.test(l)),
    ).toHaveLength(2);
    expect(buttonsOf(page3).map((b) => b.text)).not.toContain("»");
  });
});
