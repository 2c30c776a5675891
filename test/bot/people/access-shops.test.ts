/**
 * Roles limited to some stores: an invite for "warehouse of Южный", /users showing and changing
 * which stores a role covers, and what stays as it was with one store or an old record.
 */
import { afterEach, describe, expect, it } from "vitest";
import { shopsInScope } from "../../../src/services/access/shop-scope.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { testShops } from "../../support/shops.ts";
import { command, group, person } from "../../support/updates.ts";
import { buttonsOf, type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(701, { first_name: "Ada", language_code: "en" });
const BOB = person(702, { first_name: "Bob", language_code: "en" });
const NORTH = "sandbox-client";
const SOUTH = "sandbox-client-2";

let h: Harness;
let shops: ShopRegistry;
afterEach(() => h?.close());

/** A bot serving `count` stores: "Северный" and "Южный". */
async function start(count = 2): Promise<void> {
  const store = new MemoryStore();
  const all = [{}, { name: "Южный" }].slice(0, count);
  shops = await testShops(store, all);
  h = await startBot({ adminIds: [ADMIN.id], store, shops, closeStore: true });
}

function lastCall(method: string, since: number): RecordedCall {
  const calls = h.fake.callsTo(method).filter((c) => c.seq >= since);
  const call = calls[calls.length - 1];
  if (!call) throw new Error(`no ${method} since ${since}`);
  return call;
}

/** Sends a command as `who` and returns the bot's reply. */
async function sendCommand(name: string, who = ADMIN, args?: string): Promise<RecordedCall> {
  const since = h.fake.calls.length;
  await h.send(command(name, { from: who, args }));
  return lastCall("sendMessage", since);
}

/** Presses a button; returns the answer to the press and the screen shown next (if edited). */
async function pressOn(screen: RecordedCall, label: string | RegExp, who = ADMIN) {
  const since = h.fake.calls.length;
  await h.send(press(screen, label, who));
  const edits = h.fake.callsTo("editMessageText").filter((c) => c.seq >= since);
  return { answer: lastCall("answerCallbackQuery", since), screen: edits.at(-1) as RecordedCall };
}

const labels = (call: RecordedCall) => buttonsOf(call).map((b) => b.text);
const payloadOf = (text: string) => /\?start=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";
const reached = async (id: number, role: "warehouse" | "seller") =>
  shopsInScope(await h.access.find(id), role, shops.all()).map((s) => s.name);

describe("roles limited to some stores", () => {
  it("an invite for the warehouse of Южный grants the role for Южный only", async () => {
    await start();
    const menu = await sendCommand("invite");
    const picker = (await pressOn(menu, "warehouse")).screen;
    expect(textOf(picker)).toContain('Invite for the role "warehouse": which stores');
    expect(labels(picker)).toEqual(["🌐 All stores", "○ Северный", "○ Южный", "Done"]);

    // Done with nothing marked is refused: a scope names at least one store.
    const empty = await pressOn(picker, "Done");
    expect(empty.answer.payload.show_alert).toBe(true);
    expect(String(empty.answer.payload.text)).toContain("Choose at least one store");

    const marked = (await pressOn(picker, "Южный")).screen;
    expect(labels(marked)).toContain("● Южный");
    const created = (await pressOn(marked, "Done")).screen;
    expect(textOf(created)).toContain('Invite for the role "warehouse · Южный"');
    // The picker's draft is spent: its buttons no longer work.
    const stale = await pressOn(marked, "Done");
    expect(String(stale.answer.payload.text)).toContain("This choice has expired");
    expect(await h.store.list("invite:")).toHaveLength(1);

    const welcome = await sendCommand("start", BOB, payloadOf(textOf(created)));
    expect(textOf(welcome)).toContain("Bob, you are in the team as warehouse staff (Южный).");
    expect(h.fake.textsTo(ADMIN.id).join("\n")).toContain(
      "✅ Bob joined the team: warehouse · Южный",
    );
    expect((await h.access.find(BOB.id))?.shops).toEqual({ warehouse: [SOUTH] });
    expect(await reached(BOB.id, "warehouse")).toEqual(["Южный"]);
  });

  it("/users shows the scope, and the admin widens it to all stores from the card", async () => {
    await start();
    const payload = (await h.access.createInvite("warehouse", ADMIN.id, [SOUTH])).payload;
    await sendCommand("start", BOB, payload);

    const list = await sendCommand("users");
    expect(textOf(list)).toContain("Bob — warehouse (Южный)");
    const card = (await pressOn(list, "Bob")).screen;
    expect(textOf(card)).toContain("Roles: warehouse (Южный)");
    expect(labels(card)).toContain("🏬 warehouse: Южный");

    const picker = (await pressOn(card, "🏬 warehouse")).screen;
    expect(textOf(picker)).toContain('Bob: which stores does the role "warehouse" cover?');
    expect(labels(picker)).toEqual(["🌐 All stores", "○ Северный", "● Южный", "Done"]);

    const widened = await pressOn(picker, "All stores");
    expect(widened.answer.payload.text).toBe('Stores of "warehouse": all stores');
    expect(textOf(widened.screen)).toMatch(/^Roles: warehouse$/m);
    expect(labels(widened.screen)).toContain("🏬 warehouse: all stores");
    expect((await h.access.find(BOB.id))?.shops).toBeUndefined();
    expect(await reached(BOB.id, "warehouse")).toEqual(["Северный", "Южный"]);

    // And narrowed again: Северный only.
    const again = (await pressOn(widened.screen, "🏬 warehouse")).screen;
    const north = (await pressOn(again, "Северный")).screen;
    const narrowed = await pressOn(north, "Done");
    expect(narrowed.answer.payload.text).toBe('Stores of "warehouse": Северный');
    expect(textOf(narrowed.screen)).toContain("Roles: warehouse (Северный)");
    expect(await reached(BOB.id, "warehouse")).toEqual(["Северный"]);
  });

  it("in a group the picker works there, and the scoped link goes to the admin privately", async () => {
    await start();
    const team = group(-100777);
    const since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN, chat: team }));
    const menu = lastCall("sendMessage", since);
    const picker = (await pressOn(menu, "customer care")).screen;
    const marked = (await pressOn(picker, "Северный")).screen;
    const done = (await pressOn(marked, "Done")).screen;
    expect(textOf(done)).toBe("I sent you the invite link in a private chat.");
    const privately = h.fake.textsTo(ADMIN.id).join("\n");
    expect(privately).toContain('Invite for the role "customer care · Северный"');
    const inGroup = h.fake.calls.filter((c) => c.payload.chat_id === team.id).map(textOf);
    expect(inGroup.join("\n")).not.toContain("start=");
  });

  it("with one store there is no picker: the invite covers the store, as before", async () => {
    await start(1);
    const menu = await sendCommand("invite");
    const created = (await pressOn(menu, "warehouse")).screen;
    expect(textOf(created)).toContain('Invite for the role "warehouse":');
    await sendCommand("start", BOB, payloadOf(textOf(created)));
    expect((await h.access.find(BOB.id))?.shops).toBeUndefined();

    const card = (await pressOn(await sendCommand("users"), "Bob")).screen;
    expect(textOf(card)).toMatch(/^Roles: warehouse$/m);
    expect(labels(card).some((l) => l.startsWith("🏬"))).toBe(false);
  });

  it("an admin invite needs no picker: admin covers every store", async () => {
    await start();
    const menu = await sendCommand("invite");
    const created = (await pressOn(menu, "administrator")).screen;
    expect(textOf(created)).toContain('Invite for the role "administrator":');
    await sendCommand("start", BOB, payloadOf(textOf(created)));
    const bob = await h.access.find(BOB.id);
    expect(bob?.shops).toBeUndefined();
    expect(shopsInScope(bob, "warehouse", shops.all())).toHaveLength(2);
  });

  it("an old person record (no scope) covers every store", async () => {
    await start();
    // As a single-store version wrote it.
    await h.store.set(`person:${BOB.id}`, { id: BOB.id, roles: ["seller"], firstName: "Bob" });
    expect(await reached(BOB.id, "seller")).toEqual(["Северный", "Южный"]);
    const list = await sendCommand("users");
    expect(textOf(list)).toMatch(/Bob — customer care$/m);
    const card = (await pressOn(list, "Bob")).screen;
    expect(labels(card)).toContain("🏬 customer care: all stores");
  });

  it("a scope naming only removed stores reaches nothing, and the card says so", async () => {
    await start();
    await h.store.set(`person:${BOB.id}`, {
      id: BOB.id,
      roles: ["seller", "warehouse"],
      firstName: "Bob",
      shops: { warehouse: ["removed-shop"], seller: ["removed-shop", SOUTH] },
    });
    expect(await reached(BOB.id, "warehouse")).toEqual([]);
    expect(await reached(BOB.id, "seller")).toEqual(["Южный"]);
    const card = (await pressOn(await sendCommand("users"), "Bob")).screen;
    expect(textOf(card)).toContain("Roles: customer care (Южный), warehouse (no store)");
    expect(textOf(card)).toContain('"warehouse" reaches no store');
    expect(textOf(card)).not.toContain('"customer care" reaches no store');
    // The picker marks only stores that exist; choosing again repairs it.
    const picker = (await pressOn(card, "🏬 warehouse")).screen;
    expect(labels(picker)).toEqual(["🌐 All stores", "○ Северный", "○ Южный", "Done"]);
  });

  it("a second invite adds stores; it never narrows a role held for all stores", async () => {
    await start();
    const southOnly = await h.access.createInvite("warehouse", ADMIN.id, [SOUTH]);
    await sendCommand("start", BOB, southOnly.payload);
    const northToo = await h.access.createInvite("warehouse", ADMIN.id, [NORTH]);
    await sendCommand("start", BOB, northToo.payload);
    expect(await reached(BOB.id, "warehouse")).toEqual(["Северный", "Южный"]);
    expect((await h.access.find(BOB.id))?.shops?.warehouse?.sort()).toEqual([NORTH, SOUTH]);

    await h.access.grant(BOB.id, "seller");
    const sellerSouth = await h.access.createInvite("seller", ADMIN.id, [SOUTH]);
    await sendCommand("start", BOB, sellerSouth.payload);
    expect((await h.access.find(BOB.id))?.shops?.seller).toBeUndefined();
    expect(await reached(BOB.id, "seller")).toEqual(["Северный", "Южный"]);
  });

  it("revoking a role drops its limit: granted again, it covers every store", async () => {
    await start();
    await h.access.grant(BOB.id, "seller");
    await h.access.grant(BOB.id, "warehouse");
    await h.access.setScope(BOB.id, "warehouse", [SOUTH]);
    await sendCommand("start", BOB); // the bot learns his name
    const card = (await pressOn(await sendCommand("users"), "Bob")).screen;
    const revoked = (await pressOn(card, "● warehouse")).screen;
    expect(labels(revoked)).not.toContain("🏬 warehouse: Южный");
    expect((await h.access.find(BOB.id))?.shops).toBeUndefined();
    await pressOn(revoked, "➕ warehouse");
    expect(await reached(BOB.id, "warehouse")).toEqual(["Северный", "Южный"]);
  });

  it("a store button of the picker pressed after its role was revoked says so", async () => {
    await start();
    await h.access.grant(BOB.id, "warehouse");
    await sendCommand("start", BOB);
    const card = (await pressOn(await sendCommand("users"), "Bob")).screen;
    const picker = (await pressOn(card, "🏬 warehouse")).screen;
    const marked = (await pressOn(picker, "Южный")).screen;
    await h.access.grant(BOB.id, "seller");
    await h.access.revoke(BOB.id, "warehouse"); // another admin, meanwhile
    const done = await pressOn(marked, "Done");
    expect(String(done.answer.payload.text)).toContain("Someone already changed this");
    expect(textOf(done.screen)).toContain("Roles: customer care");
    expect((await h.access.find(BOB.id))?.shops).toBeUndefined();
  });
});
