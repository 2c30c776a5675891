/**
 * Posting alerts end to end: the sandbox lists postings over HTTP, the watcher's pass sends
 * through the Telegram notifier to the fake Bot API, and the store remembers what was delivered.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TELEGRAM_TEXT_LIMIT } from "../../../src/services/postings/index.ts";
import { command, group } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

async function subscribe(...people: (typeof KEEPER)[]) {
  for (const who of people) {
    const calls = await exchange(h, command("subscribe", { from: who }));
    expect(textOf(lastScreen(calls))).toContain("This chat now gets an alert");
  }
}

describe("posting alerts", () => {
  it("a new posting reaches two subscribers once, across a restart; an undelivered one is not lost", async () => {
    h = await startPostings();
    await subscribe(KEEPER, PACKER);
    const first = await h.watcher.runOnce();
    expect(first.firstRun).toBe(true);

    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Blue kettle", offerId: "KETTLE-1", quantity: 2, price: "1390.0000" }],
    });
    const since = h.fake.calls.length;
    const pass = await h.watcher.runOnce();
    expect(pass.sent.alerts).toBe(2);
    for (const who of [KEEPER, PACKER]) {
      const alerts = messagesTo(h, who.id, since);
      expect(alerts).toHaveLength(1);
      const alert = must(alerts[0]);
      const text = textOf(alert);
      expect(text).toContain(posting.postingNumber);
      expect(text).toContain(posting.orderNumber);
      expect(text).toContain("Blue kettle");
      expect(text).toContain("KETTLE-1");
      expect(text).toContain("2 pcs");
      expect(text).toContain("1,390");
      // Warehouse staff may not write to buyers: no button that could only be refused.
      // 2 pieces: Split beside the packing buttons; no Label before packing (Ozon has none).
      expect(buttonsOf(alert).map((b) => b.text)).toEqual([
        "📦 Pack",
        "⚡ Pack in 1 box",
        "✂️ Split into boxes",
        "✖️ Cancel posting",
        "🕘 History",
      ]);
    }

    // Telegram fails for Packer's next alert: it stays owed and comes after the restart.
    const second = h.sandbox.control.addPosting();
    h.fake.respond("sendMessage", (payload) => {
      if (
        Number(payload.chat_id) === PACKER.id &&
        String(payload.text).includes(second.postingNumber)
      ) {
        throw {
          error_code: 400,
          description: "Bad Request: not enough rights to send text messages",
        };
      }
      return {
        message_id: 1,
        date: 0,
        chat: { id: Number(payload.chat_id), type: "private" },
        text: payload.text,
      };
    });
    await h.watcher.runOnce();
    h.fake.reset();

    await h.restart();
    const after = h.fake.calls.length;
    const again = await h.watcher.runOnce();
    expect(again.sent.alerts).toBe(1);
    expect(messagesTo(h, KEEPER.id, after)).toHaveLength(0);
    const late = messagesTo(h, PACKER.id, after);
    expect(late.map(textOf).join()).toContain(second.postingNumber);
    expect(late.map(textOf).join()).not.toContain(posting.postingNumber);
  });

  it("the first run sends one summary per subscriber, with a button that lists the postings", async () => {
    h = await startPostings({ sandbox: { initialPostings: 3 } });
    await subscribe(KEEPER);
    const pass = await h.watcher.runOnce();
    expect(pass.sent).toMatchObject({ summaries: 1, alerts: 0, digests: 0 });
    // The subscribe screen counts them too; the summary is the watcher's own message.
    const [summary] = messagesTo(h, KEEPER.id).filter(
      (c) => textOf(c).includes("waiting") && !textOf(c).includes("This chat now gets"),
    );
    expect(textOf(must(summary))).toBe("3 postings are waiting to be packed.");
    expect((await h.watcher.runOnce()).sent.summaries).toBe(0);

    const calls = await exchange(h, press(must(summary), "📋 Show 3 postings", KEEPER));
    const list = lastScreen(calls);
    expect(list.method).toBe("editMessageText");
    expect(textOf(list)).toContain("Postings waiting to be packed: 3");
    for (const p of h.sandbox.control.postings()) expect(textOf(list)).toContain(p.postingNumber);
  });

  it("POSTINGS_BURST_THRESHOLD sets how many new postings make a burst", async () => {
    h = await startPostings({ env: { POSTINGS_BURST_THRESHOLD: "2" } });
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    h.sandbox.control.addPosting();
    h.sandbox.control.addPosting();
    expect((await h.watcher.runOnce()).sent).toMatchObject({ alerts: 2, digests: 0 });
    for (let i = 0; i < 3; i++) h.sandbox.control.addPosting();
    expect((await h.watcher.runOnce()).sent).toMatchObject({ alerts: 0, digests: 1 });
  });

  it("digest lines shorten product names at a word or drop them, never to a stub like «Вод…»", async () => {
    h = await startPostings();
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    const products = [
      { name: "Вода питьевая негазированная горная 19 литров", quantity: 2 },
      { name: "Помпа механическая для бутылей", quantity: 1 },
    ];
    for (let i = 0; i < 6; i++) h.sandbox.control.addPosting({ products });
    const since = h.fake.calls.length;
    expect((await h.watcher.runOnce()).sent).toMatchObject({ digests: 1 });
    const [digest] = messagesTo(h, KEEPER.id, since);
    const productLines = textOf(must(digest))
      .split("\n")
      .filter((line) => line.startsWith("   "));
    expect(productLines).not.toHaveLength(0);
    for (const line of productLines) {
      // Every name shown keeps at least one whole word, and a cut ends at a word boundary.
      for (const item of line.trim().split("; ")) {
        if (/^\+\d+$/.test(item)) continue;
        const name = item.replace(/ ×\d+$/, "");
        expect(name.length).toBeGreaterThanOrEqual(5);
        if (name.endsWith("…"))
          expect(products.some((p) => p.name.startsWith(`${name.slice(0, -1)} `))).toBe(true);
      }
    }
  });

  it("a burst becomes digests that fit Telegram's limit, each posting openable", async () => {
    h = await startPostings({ module: { watcher: { digestSize: 3 } } });
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    const added = Array.from({ length: 7 }, () =>
      h.sandbox.control.addPosting({
        products: [{ name: "Very long product name ".repeat(20), quantity: 1 }],
      }),
    );
    const since = h.fake.calls.length;
    const pass = await h.watcher.runOnce();
    expect(pass.sent).toMatchObject({ alerts: 0, digests: 3 });
    const digests = messagesTo(h, KEEPER.id, since);
    expect(digests).toHaveLength(3);
    expect(textOf(must(digests[0]))).toContain("New postings: 7 (message 1 of 3)");
    const all = digests.map(textOf).join("\n");
    for (const p of added) expect(all).toContain(p.postingNumber);
    for (const d of digests) expect(textOf(d).length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(digests.flatMap((d) => buttonsOf(d).map((b) => b.text))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
    ]);

    // Button 5 (second digest) opens that posting with its buttons.
    const opened = lastScreen(await exchange(h, press(must(digests[1]), /^5$/, KEEPER)));
    const fifth = textOf(must(digests[1])).match(/^5\. (\S+)/m)?.[1];
    expect(fifth).toBeDefined();
    expect(textOf(opened)).toContain(`Posting ${fifth}`);
    expect(buttonsOf(opened).map((b) => b.text)).toContain("📦 Pack");
  });

  it("a subscriber narrowed to one warehouse hears only about that warehouse", async () => {
    h = await startPostings();
    const calls = await exchange(h, command("subscribe", { from: KEEPER }));
    const [north, south] = h.sandbox.control.warehouses();
    const filter = lastScreen(calls);
    expect(textOf(filter)).toContain("Alerts for all warehouses.");
    const narrowed = lastScreen(await exchange(h, press(filter, must(north).name, KEEPER)));
    expect(textOf(narrowed)).toContain(`Alerts only for: ${must(north).name}`);
    expect((await h.module.subscriptions.get(KEEPER.id))?.warehouseIds).toEqual([
      String(must(north).id),
    ]);
    await subscribe(PACKER);
    await h.watcher.runOnce();

    const inNorth = h.sandbox.control.addPosting({ warehouseId: must(north).id });
    const inSouth = h.sandbox.control.addPosting({ warehouseId: must(south).id });
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const keeper = messagesTo(h, KEEPER.id, since).map(textOf).join("\n");
    expect(keeper).toContain(inNorth.postingNumber);
    expect(keeper).not.toContain(inSouth.postingNumber);
    const packer = messagesTo(h, PACKER.id, since).map(textOf).join("\n");
    expect(packer).toContain(inSouth.postingNumber);

    // "All warehouses" lifts the filter.
    const all = lastScreen(await exchange(h, press(narrowed, "All warehouses", KEEPER)));
    expect(textOf(all)).toContain("Alerts for all warehouses.");
    expect((await h.module.subscriptions.get(KEEPER.id))?.warehouseIds).toBeUndefined();
  });

  it("a reminder goes out once, some time before the deadline", async () => {
    // Ahead of the subscription time: postings first seen before subscribing are not announced.
    let now = Date.now() + 60_000;
    h = await startPostings({
      module: { watcher: { now: () => now, reminderBeforeMs: 2 * 3_600_000 } },
    });
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting({ shipmentDate: now + 3 * 3_600_000 });
    expect((await h.watcher.runOnce()).sent).toMatchObject({ alerts: 1, reminders: 0 });

    now += 90 * 60_000; // 1.5 h before the deadline
    const since = h.fake.calls.length;
    expect((await h.watcher.runOnce()).sent.reminders).toBe(1);
    const [reminder] = messagesTo(h, KEEPER.id, since);
    expect(textOf(must(reminder))).toContain(
      `Posting ${posting.postingNumber} is still waiting to be packed`,
    );
    expect(buttonsOf(must(reminder)).map((b) => b.text)).toContain("📦 Pack");
    expect((await h.watcher.runOnce()).sent.reminders).toBe(0);
  });

  it("offers Write to buyer only where it can work: a seller's or admin's chat, or a group", async () => {
    h = await startPostings();
    const team = group(-100903);
    await subscribe(KEEPER, ADMIN);
    await exchange(h, command("subscribe", { from: ADMIN, chat: team }));
    await h.watcher.runOnce();
    const since = h.fake.calls.length;
    h.sandbox.control.addPosting();
    await h.watcher.runOnce();
    const labels = (chatId: number) =>
      messagesTo(h, chatId, since).flatMap((m) => buttonsOf(m).map((b) => b.text));
    expect(labels(KEEPER.id)).not.toContain("💬 Write to buyer");
    expect(labels(ADMIN.id)).toContain("💬 Write to buyer");
    expect(labels(team.id)).toContain("💬 Write to buyer");
  });

  it("subscribing leaves the person's command menu as it is (the short menu of issue 40)", async () => {
    // At most 7 entries, the jobs a role does most (test/bot/core/command-menus.test.ts);
    // /subscribe and /unsubscribe are typed or reached from Home's "All jobs", so neither
    // sends a new menu.
    h = await startPostings();
    const since = h.fake.calls.length;
    await subscribe(KEEPER);
    expect(await h.module.subscriptions.get(KEEPER.id)).toBeDefined();
    await exchange(h, command("unsubscribe", { from: KEEPER }));
    expect(await h.module.subscriptions.get(KEEPER.id)).toBeUndefined();
    expect(h.fake.calls.slice(since).filter((c) => c.method === "setMyCommands")).toHaveLength(0);
  });

  it("in a group only an admin subscribes; others are told so", async () => {
    h = await startPostings();
    const team = group(-100900);
    const refused = await exchange(h, command("subscribe", { from: KEEPER, chat: team }));
    expect(textOf(lastScreen(refused))).toBe(
      "Only an administrator can subscribe or unsubscribe a group.",
    );
    expect(await h.module.subscriptions.get(team.id)).toBeUndefined();

    const done = await exchange(h, command("subscribe", { from: ADMIN, chat: team }));
    expect(textOf(lastScreen(done))).toContain("This chat now gets an alert");
    expect((await h.module.subscriptions.get(team.id))?.kind).toBe("group");
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting();
    await h.watcher.runOnce();
    expect(messagesTo(h, team.id).map(textOf).join()).toContain(posting.postingNumber);

    const gone = await exchange(h, command("unsubscribe", { from: KEEPER, chat: team }));
    expect(textOf(lastScreen(gone))).toContain("Only an administrator");
    await exchange(h, command("unsubscribe", { from: ADMIN, chat: team }));
    expect(await h.module.subscriptions.get(team.id)).toBeUndefined();
  });

  it("alerts speak the person's chosen language; a group hears the default one", async () => {
    h = await startPostings();
    await subscribe(KEEPER, PACKER);
    await exchange(h, command("subscribe", { from: ADMIN, chat: group(-100902) }));
    await h.access.setLocale({ id: PACKER.id, firstName: PACKER.first_name }, "ru");
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting();
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const [russian] = messagesTo(h, PACKER.id, since);
    expect(textOf(must(russian))).toContain(`Отправление ${posting.postingNumber}`);
    expect(buttonsOf(must(russian)).map((b) => b.text)).toContain("📦 Собрать");
    const [english] = messagesTo(h, KEEPER.id, since);
    expect(textOf(must(english))).toContain(`Posting ${posting.postingNumber}`);
    const [team] = messagesTo(h, -100902, since);
    expect(textOf(must(team))).toContain(`Posting ${posting.postingNumber}`);
  });

  it("a chat that blocked the bot is unsubscribed", async () => {
    h = await startPostings();
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    h.sandbox.control.addPosting();
    h.fake.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    const pass = await h.watcher.runOnce();
    expect(pass.unsubscribed).toEqual([KEEPER.id]);
    expect(await h.module.subscriptions.get(KEEPER.id)).toBeUndefined();
  });
});
