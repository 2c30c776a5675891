/**
 * The bot's rights in the trail: roles granted and revoked in /users, an invite made and used —
 * one record each, with who did it, to whom, and never the invite's link.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, person } from "../../support/updates.ts";
import { type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(501, { first_name: "Ada", language_code: "en" });
const BOB = person(502, { first_name: "Bob", language_code: "en" });

let h: Harness;
afterEach(() => h?.close());

const trailOf = () => new AuditTrail({ store: h.store, keepDays: 180 });
const admin = { admin: true };

async function pressed(screen: RecordedCall, label: string | RegExp): Promise<RecordedCall> {
  const since = h.fake.calls.length;
  await h.send(press(screen, label, ADMIN));
  await h.fake.waitForCall("answerCallbackQuery", () => true, 2_000, { since });
  const edits = h.fake.callsTo("editMessageText").filter((c) => c.seq >= since);
  return edits[edits.length - 1] as RecordedCall;
}

describe("audit records of rights", () => {
  it("a role granted and one revoked in /users: one record each, Ada acting on Bob", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    await h.access.grant(BOB.id, "warehouse", ADMIN.id);
    await h.send(command("start", { from: BOB }));
    const since = h.fake.calls.length;
    await h.send(command("users", { from: ADMIN }));
    const list = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    const card = await pressed(list, "Bob");
    const granted = await pressed(card, "➕ manager");
    await pressed(granted, "● warehouse");
    const entries = await trailOf().latest({ kind: "role" }, admin);
    expect(entries.map((e) => [e.via, e.to, e.objectId, e.actor.id])).toEqual([
      ["revoked", "warehouse", String(BOB.id), ADMIN.id],
      ["granted", "manager", String(BOB.id), ADMIN.id],
    ]);
    // Rights are for admins' eyes only.
    expect(await trailOf().latest({}, { admin: false })).toEqual([]);
  });

  it("an invite made and then used: two records under one name that is not the link", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    await h.send(press(menu, "warehouse", ADMIN));
    const edited = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
    const payload = /start=([A-Za-z0-9_-]+)/.exec(textOf(edited))?.[1] ?? "";
    expect(payload).not.toBe("");
    await h.send(command("start", { from: BOB, args: payload }));
    const entries = await trailOf().latest({ kind: "invite" }, admin);
    expect(entries.map((e) => [e.via, e.actor.id, e.to])).toEqual([
      ["used", BOB.id, "warehouse"],
      ["made", ADMIN.id, "warehouse"],
    ]);
    expect(entries[0]?.objectId).toBe(entries[1]?.objectId);
    expect(JSON.stringify(entries)).not.toContain(payload);
  });
});
