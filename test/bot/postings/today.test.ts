/**
 * /today through the fake Bot API and the sandbox: the board per warehouse and cut-off (packed,
 * late), a group's list with Card buttons, every shop of a person, and labels of all packed
 * postings as one merged PDF (Ozon's batch tasks, several of them for 150 postings; the 20-a-call
 * method when the tasks are retired).
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
  type PostingsHarness,
  readyAfter,
  startPostings,
} from "./harness.ts";
import { laterToday } from "./today-clock.ts";

let h: PostingsHarness;
afterEach(() => h.close());

function setUp(h: PostingsHarness, index = 0) {
  const control = must(h.sandbox.stores[index]).control;
  const [first] = control.warehouses();
  const warehouse = must(first);
  const method = must(warehouse.deliveryMethods[0]);
  const at = { warehouseId: warehouse.id, deliveryMethodId: method.id };
  return { control, warehouse, method, at };
}

describe("/today", () => {
  it("counts postings per warehouse and cut-off, packed and late, and lists a group", async () => {
    h = await startPostings();
    const { control, warehouse, at } = setUp(h);
    const cutoff = laterToday();
    control.addPosting({ ...at, shipmentDate: cutoff });
    control.addPosting({ ...at, shipmentDate: cutoff });
    const packed = control.addPosting({ ...at, shipmentDate: cutoff, status: "awaiting_deliver" });
    const late = control.addPosting({ ...at, shipmentDate: new Date(Date.now() - 2 * 86_400_000) });
    control.addPosting({ ...at, shipmentDate: new Date(Date.now() + 3 * 86_400_000) }); // not today

    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    const text = textOf(board);
    expect(text).toContain("📅 To ship today");
    expect(text).toContain(`${warehouse.name} · by 23:59: 3, packed 1`);
    expect(text).toMatch(/: 1, packed 0, ⏰ late 1/);
    const labels = buttonsOf(board).map((b) => b.text);
    expect(labels).toContain("🏷 Labels of all packed (1)");
    expect(labels).toContain("🚚 Handover");

    const groupButton = text
      .split("\n")
      .find((l) => l.includes("by 23:59"))
      ?.slice(0, 1);
    const list = lastScreen(await exchange(h, press(board, `📋 ${groupButton}`, KEEPER)));
    expect(textOf(list)).toContain(packed.postingNumber);
    expect(textOf(list)).not.toContain(late.postingNumber);
    expect(buttonsOf(list).map((b) => b.text)).toEqual(
      expect.arrayContaining(["1", "2", "3", "🏷 Labels of the packed (1)"]),
    );
  });

  it("with several stores shows each store the person reaches", async () => {
    h = await startPostings({ stores: 2 });
    const one = setUp(h, 0);
    const two = setUp(h, 1);
    one.control.addPosting({ ...one.at, shipmentDate: laterToday() });
    two.control.addPosting({ ...two.at, shipmentDate: laterToday(), status: "awaiting_deliver" });
    const board = textOf(lastScreen(await exchange(h, command("today", { from: KEEPER }))));
    expect(board).toContain("🏬 Северный");
    expect(board).toContain("🏬 Южный");
    expect(board).toContain(`${two.warehouse.name} · by 23:59: 1, packed 1`);
  });

  it("says so when there is nothing today", async () => {
    h = await startPostings();
    const board = textOf(lastScreen(await exchange(h, command("today", { from: KEEPER }))));
    expect(board).toContain("Nothing to ship today.");
  });

  it("labels of 150 packed postings come as one PDF from Ozon's batch tasks, with progress", async () => {
    h = await startPostings({ module: { labelPollMs: 20 } });
    const { control, at } = setUp(h);
    const cutoff = laterToday();
    for (let i = 0; i < 150; i++)
      control.addPosting({ ...at, shipmentDate: cutoff, status: "awaiting_deliver" });
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    h.sandbox.resetCounters();
    const since = h.fake.calls.length;
    await h.send(press(board, "🏷 Labels of all packed (150)", KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", () => true, 10_000, { since });
    const file = must(sent.files[0]);
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBe(150);
    expect(sent.payload.caption).toContain("🏷 Labels: 150");
    const counters = h.sandbox.counters();
    expect(counters["POST /v2/posting/fbs/package-label/create"]).toBe(2);
    const edits = h.fake
      .callsTo("editMessageText")
      .filter((c) => c.seq >= since)
      .map(textOf);
    expect(edits.some((t) => t.includes("Ozon is preparing 150 labels"))).toBe(true);
    await readyAfter(h, "✅ Labels ready: 150 of 150.", since, sent);
  });

  it("labels come from /v2/posting/fbs/package-label, 20 a call, when Ozon retired the task methods", async () => {
    h = await startPostings({ module: { labelPollMs: 20 } });
    const { control, at } = setUp(h);
    const cutoff = laterToday();
    for (let i = 0; i < 45; i++)
      control.addPosting({ ...at, shipmentDate: cutoff, status: "awaiting_deliver" });
    // The task methods: the v2 create and the v1 get.
    h.sandbox.control.setFault(/\/posting\/fbs\/package-label\/(create|get)$/, {
      rate5xx: 1,
      status5xx: 410,
    });
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    h.sandbox.resetCounters();
    const since = h.fake.calls.length;
    await h.send(press(board, "🏷 Labels of all packed (45)", KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", () => true, 10_000, { since });
    const pdf = await PDFDocument.load(must(sent.files[0]).bytes);
    expect(pdf.getPageCount()).toBe(45);
    expect(sent.payload.caption).toContain("🏷 Labels: 45");
    const counters = h.sandbox.counters();
    expect(counters["POST /v2/posting/fbs/package-label"]).toBe(3);
    await readyAfter(h, "✅ Labels ready: 45 of 45.", since, sent);
  });
});
