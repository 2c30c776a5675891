/** Invites: an admin picks a role, gets a one-time deep link; it works once and for a day. */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { faultyStore } from "../../support/faulty-store.ts";
import { callback, command, group, person } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(201, { first_name: "Ada", language_code: "en" });
const BOB = person(202, { first_name: "Bob", language_code: "en" });
const CAROL = person(203, { first_name: "Carol", language_code: "en" });

let h: Harness;
afterEach(() => h?.close());

/** Runs /invite as ADMIN, presses the role button, returns the deep-link payload. */
async function invite(roleLabel: string): Promise<string> {
  const since = h.fake.calls.length;
  await h.send(command("invite", { from: ADMIN }));
  const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
  expect(textOf(menu)).toContain("Which role is the invite for?");
  await h.send(press(menu, roleLabel, ADMIN));
  const edited = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
  const link = /https:\/\/t\.me\/ozon_test_bot\?start=([A-Za-z0-9_-]+)/.exec(textOf(edited));
  expect(link, textOf(edited)).not.toBeNull();
  return link?.[1] ?? "";
}

async function startWith(who: typeof BOB, payload: string): Promise<string> {
  const since = h.fake.calls.length;
  await h.send(command("start", { from: who, args: payload }));
  const reply = await h.fake.waitForCall(
    "sendMessage",
    (c) => c.payload.chat_id === who.id,
    2_000,
    { since },
  );
  return textOf(reply);
}

describe("invites", () => {
  it("an admin invites a warehouse person; the link works once and gives the role", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("warehouse");
    expect(payload.length).toBeGreaterThanOrEqual(16);

    expect(await h.access.find(BOB.id)).toBeUndefined();
    const welcome = await startWith(BOB, payload);
    expect(welcome).toContain("Bob, you are in the team as warehouse staff.");
    expect(welcome).not.toContain("Hello, Bob");
    expect((await h.access.find(BOB.id))?.roles).toEqual(["warehouse"]);
    // Bob may now use warehouse commands (still "coming soon") but not admin ones.
    expect(await startWith(BOB, "")).toContain("Hello, Bob");

    const second = await startWith(CAROL, payload);
    expect(second).toContain("already been used");
    expect(await h.access.find(CAROL.id)).toBeUndefined();
  });

  it("offers the most common roles first, and tells the other admins who joined", async () => {
    const EVE = person(204, { first_name: "Eve", language_code: "ru" });
    h = await startBot({ adminIds: [ADMIN.id, EVE.id] });
    await h.access.setLocale({ id: EVE.id, firstName: "Eve" }, "ru");
    await h.send(command("invite", { from: ADMIN }));
    const menu = await h.fake.waitForCall("sendMessage");
    expect(buttonsOf(menu).map((b) => b.text)).toEqual([
      "warehouse",
      "customer care",
      "manager",
      "administrator",
    ]);
    // One line per role says what it does.
    expect(textOf(menu)).toContain("💬 customer care — answers buyers in chats");
    const payload = await invite("warehouse");
    const since = h.fake.calls.length;
    await startWith(BOB, payload);
    const toAdmin = await h.fake.waitForCall(
      "sendMessage",
      (c) => c.payload.chat_id === ADMIN.id,
      2_000,
      { since },
    );
    expect(textOf(toAdmin)).toBe("✅ Bob joined the team: warehouse");
    const toEve = await h.fake.waitForCall(
      "sendMessage",
      (c) => c.payload.chat_id === EVE.id,
      2_000,
      { since },
    );
    expect(textOf(toEve)).toBe("✅ Bob в команде: склад");
  });

  it("the link comes with a button to share it and one to revoke it; a revoked link does not work", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("warehouse");
    const shown = h.fake.callsTo("editMessageText").at(-1);
    const buttons = buttonsOf(shown as never);
    expect(buttons.map((b) => b.text)).toEqual(["📤 Share the link", "🗑 Revoke"]);
    const share = buttons[0] as { url?: string };
    expect(share.url).toContain("https://t.me/share/url?url=");
    expect(decodeURIComponent(share.url ?? "")).toContain(`?start=${payload}`);
    const since = h.fake.calls.length;
    await h.send(press(shown as never, "🗑 Revoke", ADMIN));
    const revoked = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
    expect(textOf(revoked)).toBe("🗑 Invite revoked: the link no longer works.");
    expect(await startWith(BOB, payload)).toContain("Ask an administrator for a new one.");
    expect(await h.access.find(BOB.id)).toBeUndefined();
  });

  it("a person opening their own used invite again is shown what they may do", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("warehouse");
    await startWith(BOB, payload);
    const again = await startWith(BOB, payload);
    expect(again).toContain("This link has already worked — for you");
    expect(again).toContain("Your roles: warehouse.");
  });

  it("an admin opening a link that no longer works is told to make a new one, not to ask an administrator", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("customer care");
    await startWith(BOB, payload);
    expect(await startWith(ADMIN, payload)).toBe(
      "This link has already been used. You are an administrator: /invite makes a new invite.",
    );
    expect(await startWith(ADMIN, "not-a-real-invite-123")).toBe(
      "This link is not recognised. You are an administrator: /invite makes a new invite.",
    );
    // Whoever is not an administrator is still sent to one.
    expect(await startWith(CAROL, payload)).toContain("Ask an administrator for a new one.");
  });

  it("the invite expires (store TTL) and then says so", async () => {
    h = await startBot({ adminIds: [ADMIN.id], inviteTtlMs: 150 });
    const payload = await invite("customer care");
    await waitFor(async () => (await h.store.get(`invite:${payload}`)) === undefined, {
      timeoutMs: 3_000,
      message: "invite expired in the store",
    });
    expect(await startWith(BOB, payload)).toContain("expired");
    expect(await h.access.find(BOB.id)).toBeUndefined();
  });

  it("a wrong payload gets a clear message and no role", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    expect(await startWith(BOB, "not-a-real-invite-123")).toContain("not recognised");
    expect(await startWith(BOB, "bad payload with spaces")).toContain("not recognised");
    expect(await h.access.find(BOB.id)).toBeUndefined();
  });

  it("two people opening the same link at once: exactly one gets the role", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("manager");
    const people = Array.from({ length: 8 }, (_, i) => person(300 + i, { language_code: "en" }));
    await Promise.all(people.map((p) => h.send(command("start", { from: p, args: payload }))));
    const members = (await Promise.all(people.map((p) => h.access.find(p.id)))).filter(Boolean);
    expect(members).toHaveLength(1);
    expect(members[0]?.roles).toEqual(["manager"]);
    const used = people
      .flatMap((p) => h.fake.textsTo(p.id))
      .filter((t) => t.includes("already been used"));
    expect(used).toHaveLength(people.length - 1);
  });

  it("an invite payload in a group is not redeemed (deep links open the private chat)", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const payload = await invite("customer care");
    await h.send(command("start", { from: BOB, chat: group(-100900), args: payload }));
    expect(await h.access.find(BOB.id)).toBeUndefined();
    expect(await startWith(BOB, payload)).toContain("in the team as customer care.");
  });

  it("someone without the admin role pressing the role button gets a refusal, no invite", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    await h.access.grant(BOB.id, "warehouse");
    const team = group(-100901);
    const since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN, chat: team }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    await h.send(press(menu, "administrator", BOB));
    const answer = await h.fake.waitForCall("answerCallbackQuery", () => true, 2_000, { since });
    expect(answer.payload.show_alert).toBe(true);
    expect(String(answer.payload.text)).toContain("only for these roles");
    expect(await h.store.list("invite:")).toEqual([]);
  });

  it("in a group the link goes to the admin privately, never into the group", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const team = group(-100902);
    const since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN, chat: team }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    await h.send(press(menu, "customer care", ADMIN));
    const calls = h.fake.calls.slice(since);
    const toGroup = calls.filter((c) => c.payload.chat_id === team.id).map(textOf);
    expect(toGroup.join("\n")).not.toContain("start=");
    expect(toGroup).toContain("I sent you the invite link in a private chat.");
    const privately = h.fake.textsTo(ADMIN.id).join("\n");
    expect(privately).toMatch(/https:\/\/t\.me\/ozon_test_bot\?start=/);
  });

  it.each([
    { error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" },
    { error_code: 400, description: "Bad Request: chat not found" },
  ])("no private chat with the admin ($error_code): the invite is withdrawn", async (refusal) => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const team = group(-100903);
    const since = h.fake.calls.length;
    await h.send(command("invite", { from: ADMIN, chat: team }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    h.fake.failNext("sendMessage", refusal);
    await h.send(press(menu, "customer care", ADMIN));
    const answer = await h.fake.waitForCall("answerCallbackQuery", () => true, 2_000, { since });
    expect(answer.payload.show_alert).toBe(true);
    expect(String(answer.payload.text)).toContain("open a private chat with me");
    expect(await h.store.list("invite:")).toEqual([]);
  });

  it("a forged role choice (tampered data) creates nothing", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    const real = createCallbackCodec(h.fake.token).encode("iv", "seller");
    await h.send(callback(real.replace("seller", "admin"), { from: ADMIN }));
    await h.send(callback(createCallbackCodec(h.fake.token).encode("iv", "root"), { from: ADMIN }));
    const answers = h.fake.callsTo("answerCallbackQuery");
    expect(answers).toHaveLength(2);
    for (const a of answers) expect(String(a.payload.text)).toContain("no longer works");
    expect(await h.store.list("invite:")).toEqual([]);
  });
});

describe("owner link", () => {
  it("with no admin at all, the first person to open the owner link becomes admin; it dies", async () => {
    const store = new MemoryStore();
    h = await startBot({ store, closeStore: true });
    const owner = await h.access.ensureOwnerLink();
    const payload = owner?.payload;
    expect(payload).toBeDefined();
    // A restart before anyone used it prints the same link.
    expect(await h.access.ensureOwnerLink()).toEqual(owner);

    expect(await startWith(BOB, payload ?? "")).toContain("You are the administrator");
    expect((await h.access.find(BOB.id))?.roles).toEqual(["admin"]);
    expect(await startWith(CAROL, payload ?? "")).toContain("already been used");
    expect(await h.access.find(CAROL.id)).toBeUndefined();
    // An admin exists now: no owner link at the next start.
    expect(await h.access.ensureOwnerLink()).toBeUndefined();
  });

  it("the admin opening her owner link again is told it already worked for her, not to ask an administrator", async () => {
    h = await startBot({ store: new MemoryStore(), closeStore: true });
    const payload = (await h.access.ensureOwnerLink())?.payload ?? "";
    expect(await startWith(BOB, payload)).toContain("You are the administrator");
    const again = await startWith(BOB, payload);
    expect(again).toContain("This link has already worked — for you");
    expect(again).toContain("Your roles: administrator.");
    expect(again).not.toContain("Ask an administrator");
  });

  it("no owner link when ADMIN_IDS names an admin", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    expect(await h.access.ensureOwnerLink()).toBeUndefined();
  });

  it("an owner link made before ADMIN_IDS was set dies at the next start", async () => {
    const store = new MemoryStore();
    h = await startBot({ store });
    const payload = (await h.access.ensureOwnerLink())?.payload;
    await h.close();
    h = await startBot({ store, adminIds: [ADMIN.id], closeStore: true });
    expect(await h.access.ensureOwnerLink()).toBeUndefined();
    expect(await startWith(BOB, payload ?? "")).not.toContain("administrator of this bot");
    expect(await h.access.find(BOB.id)).toBeUndefined();
  });

  it("lives a day; after that it says so, and the next start writes a new one", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    // The store's clock is moved by hand; the link's stated expiry comes from the real one.
    let now = Date.now();
    const store = new MemoryStore({ now: () => now });
    h = await startBot({ store, closeStore: true });
    const before = Date.now();
    const first = await h.access.ensureOwnerLink();
    expect(first?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + DAY);
    expect(first?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + DAY);
    now += DAY - 1;
    expect(await h.access.ensureOwnerLink()).toEqual(first);

    now += 1;
    expect(await startWith(BOB, first?.payload ?? "")).toContain("expired");
    expect(await h.access.find(BOB.id)).toBeUndefined();
    const second = await h.access.ensureOwnerLink();
    expect(second?.payload).not.toBe(first?.payload);
    expect(second?.expiresAt.getTime()).toBeGreaterThanOrEqual(first?.expiresAt.getTime() ?? 0);
    expect(await startWith(BOB, second?.payload ?? "")).toContain("You are the administrator");
  });

  it("a link written before owner links expired is replaced at the next start", async () => {
    const store = new MemoryStore();
    const old = "ownerLinkFromAnOlderBot1";
    await store.set(`invite:${old}`, { role: "admin", kind: "owner", createdAt: "2026-01-01" });
    await store.set("owner-link", old);
    h = await startBot({ store, closeStore: true });
    const owner = await h.access.ensureOwnerLink();
    expect(owner?.payload).not.toBe(old);
    expect(await startWith(BOB, old)).not.toContain("administrator of this bot");
    expect(await h.access.find(BOB.id)).toBeUndefined();
  });
});

describe("a crash while an invite is redeemed", () => {
  it("spends nothing when the role could not be granted: the same link works again", async () => {
    const memory = new MemoryStore();
    let crash = true;
    // The process "dies" at the moment BOB's role would be written.
    const store = faultyStore(memory, (operation, keys) => {
      const write = operation !== "get" && operation !== "list";
      if (!crash || !write || !keys.includes(`person:${BOB.id}`)) return false;
      crash = false;
      return true;
    });
    h = await startBot({ store, adminIds: [ADMIN.id] });
    const payload = await invite("customer care");
    expect(await startWith(BOB, payload)).not.toContain('role "customer care"');
    expect(await h.access.find(BOB.id)).toBeUndefined();

    h.restart();
    expect(await startWith(BOB, payload)).toContain("Bob, you are in the team as customer care.");
    expect((await h.access.find(BOB.id))?.roles).toEqual(["seller"]);
    expect(await startWith(CAROL, payload)).toContain("already been used");
    await memory.close();
  });
});
