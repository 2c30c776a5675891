/**
 * Labels for a chosen set through the fake Bot API and the sandbox: from /today's board or a
 * group, a warehouse person ticks packed postings one by one over pages and gets one PDF of
 * exactly those; someone else's taps change nothing; the cap and an empty choice are said in
 * words; with two stores the list names its store and asks that store's Ozon only.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  must,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";
import { laterToday } from "./today-clock.ts";

let h: PostingsHarness;
afterEach(() => h.close());

function packed(count: number, store = 0): string[] {
  const control = must(h.sandbox.stores[store]).control;
  const warehouse = must(control.warehouses()[0]);
  const method = must(warehouse.deliveryMethods[0]);
  return Array.from(
    { length: count },
    () =>
      control.addPosting({
        warehouseId: warehouse.id,
        deliveryMethodId: method.id,
        shipmentDate: laterToday(),
        status: "awaiting_deliver",
      }).postingNumber,
  );
}

const exact = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
const alerts = (since: number) =>
  h.fake
    .callsTo("answerCallbackQuery")
    .filter((c) => c.seq >= since)
    .map((c) => String(c.payload.text ?? ""));

/** The posting number of the list line `index` (1-based) of a picker screen. */
function lineOf(screen: ReturnType<typeof lastScreen>, index: number): string {
  const line = textOf(screen)
    .split("\n")
    .find((l) => l.includes(` ${index}. `));
  return must(/(\d+-\d+-\d+)/.exec(line ?? "")?.[1], `line ${index}`);
}

describe("labels for a chosen set", () => {
  it("ticks postings one by one over pages and sends one PDF of exactly those", async () => {
    h = await startPostings({ module: { labelPollMs: 20 } });
    packed(23);
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    let picker = lastScreen(await exchange(h, press(board, "☑️ Choose for labels", KEEPER)));
    expect(textOf(picker)).toContain("0 of 23 chosen (at most 100 at a time)");
    expect(textOf(picker)).toContain("Page 1 of 3");
    expect(buttonsOf(picker).map((b) => b.text)).toContain("🏷 Labels for 0");

    // Nothing chosen: said so, no Ozon call.
    h.sandbox.resetCounters();
    let since = h.fake.calls.length;
    await h.send(press(picker, "🏷 Labels for 0", KEEPER));
    expect(alerts(since)).toContain("Choose at least one posting first: tap its number.");

    const chosen = [lineOf(picker, 2), lineOf(picker, 5)];
    picker = lastScreen(await exchange(h, press(picker, exact("2"), KEEPER)));
    picker = lastScreen(await exchange(h, press(picker, exact("5"), KEEPER)));
    expect(textOf(picker)).toContain(`● 2. ${chosen[0]}`);
    expect(buttonsOf(picker).map((b) => b.text)).toEqual(expect.arrayContaining(["● 2", "● 5"]));
    picker = lastScreen(await exchange(h, press(picker, "▶️", KEEPER)));
    expect(textOf(picker)).toContain("Page 2 of 3");
    chosen.push(lineOf(picker, 12));
    picker = lastScreen(await exchange(h, press(picker, exact("12"), KEEPER)));
    // Ticked and unticked again: not chosen.
    picker = lastScreen(await exchange(h, press(picker, exact("13"), KEEPER)));
    picker = lastScreen(await exchange(h, press(picker, exact("● 13"), KEEPER)));
    expect(textOf(picker)).toContain("3 of 23 chosen");

    // Someone else's taps change nothing.
    since = h.fake.calls.length;
    await h.send(press(picker, exact("14"), PACKER));
    await h.send(press(picker, "🏷 Labels for 3", PACKER));
    expect(alerts(since)).toEqual([
      "This list was opened by someone else. Open your own from /today.",
      "This list was opened by someone else. Open your own from /today.",
    ]);
    expect(h.fake.callsTo("editMessageText").filter((c) => c.seq >= since)).toHaveLength(0);

    since = h.fake.calls.length;
    await h.send(press(picker, "🏷 Labels for 3", KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", () => true, 10_000, {
      since,
      answered: true,
    });
    const pdf = await PDFDocument.load(must(sent.files[0]).bytes);
    expect(pdf.getPageCount()).toBe(3);
    // The v2 create answers a big and a small label task; the bot reads the big (usual) one.
    const tasks = [...must(h.sandbox.stores[0]).shipping.labelTasks.values()];
    expect(tasks.map((t) => [t.type, [...t.postingNumbers].sort()])).toEqual([
      ["big_label", [...chosen].sort()],
      ["small_label", [...chosen].sort()],
    ]);
    expect(tasks.map((t) => t.polls > 0)).toEqual([true, false]);
    expect(counters()["POST /v2/posting/fbs/package-label/create"]).toBe(1);

    // The list is spent: its buttons say so.
    since = h.fake.calls.length;
    await h.send(press(picker, exact("14"), KEEPER));
    expect(alerts(since)).toContain("This list is out of date. Open /today and choose again.");
  });

  it("stops at 100 chosen, and names the store of a group's list with two stores", async () => {
    h = await startPostings({ stores: 2, module: { labelPollMs: 20 } });
    packed(2, 0);
    packed(105, 1);
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    const group = lastScreen(await exchange(h, press(board, "Южный 1", KEEPER)));
    let picker = lastScreen(await exchange(h, press(group, "☑️ Choose for labels", KEEPER)));
    expect(textOf(picker)).toContain("🏬 Южный");
    expect(textOf(picker)).toContain("0 of 105 chosen");
    for (let page = 0; page < 10; page++) {
      picker = lastScreen(await exchange(h, press(picker, "☑️ Whole page", KEEPER)));
      picker = lastScreen(await exchange(h, press(picker, "▶️", KEEPER)));
    }
    expect(textOf(picker)).toContain("100 of 105 chosen");
    const since = h.fake.calls.length;
    await h.send(press(picker, exact("101"), KEEPER));
    expect(alerts(since)).toContain(
      "At most 100 postings at a time. Print these, then choose the rest.",
    );
    h.sandbox.resetCounters();
    await h.send(press(picker, "🏷 Labels for 100", KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", () => true, 10_000, {
      since,
      answered: true,
    });
    expect(sent.payload.caption).toContain("🏬 Южный");
    expect(sent.files[0]?.fileName).toMatch(/^labels_Южный_100\.pdf$/);
    expect((await PDFDocument.load(must(sent.files[0]).bytes)).getPageCount()).toBe(100);
    expect(must(h.sandbox.stores[0]).shipping.labelTasks.size).toBe(0);
  });
});

function counters() {
  return h.sandbox.counters();
}
