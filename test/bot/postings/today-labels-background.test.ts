/**
 * Batch labels Ozon is slow to prepare, through the fake Bot API and the sandbox: the person is
 * told once that they will come later, a second tap starts nothing, and the PDF arrives — once —
 * when Ozon is ready, also after a restart while Ozon prepares them.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { LABEL_JOB_PREFIX } from "../../../src/services/postings/label-desk.ts";
import { command } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { press, textOf } from "../harness.ts";
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

function packed(count: number): string[] {
  const control = must(h.sandbox.stores[0]).control;
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

const documents = (since: number) =>
  h.fake.callsTo("sendDocument").filter((c) => c.seq >= since && c.response?.ok);

describe("batch labels in the background", () => {
  it("tells the person they come later, keeps waiting across a restart and sends the PDF once", async () => {
    h = await startPostings({ module: { labelPollMs: 20, labelSlowAfterMs: 100 } });
    const desk = must(h.sandbox.stores[0]).shipping;
    desk.labelPollsBeforeReady = 1_000_000;
    packed(120);
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    const since = h.fake.calls.length;
    await h.send(press(board, "🏷 Labels of all packed (120)", KEEPER));
    await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("I keep waiting and will send them here"),
      10_000,
      { since },
    );
    expect(await jobs()).toHaveLength(1);

    // A second tap while the batch is on its way starts nothing.
    const again = h.fake.calls.length;
    await h.send(press(board, "🏷 Labels of all packed (120)", KEEPER));
    const answer = await h.fake.waitForCall("answerCallbackQuery", () => true, 5_000, {
      since: again,
    });
    expect(String(answer.payload.text)).toContain("already on their way");

    await h.restart();
    desk.labelPollsBeforeReady = 0;
    const sent = await h.fake.waitForCall("sendDocument", () => true, 10_000, {
      since,
      answered: true,
    });
    const pdf = await PDFDocument.load(must(sent.files[0]).bytes);
    expect(pdf.getPageCount()).toBe(120);
    expect(sent.payload.caption).toContain("🏷 Labels: 120");
    await readyAfter(h, "✅ Labels ready: 120 of 120.", since, sent);
    await waitForNoJobs();
    expect(documents(since)).toHaveLength(1);

    // The batch is over: the tap works again.
    desk.labelPollsBeforeReady = 0;
    const later = h.fake.calls.length;
    await h.send(press(board, "🏷 Labels of all packed (120)", KEEPER));
    await h.fake.waitForCall("sendDocument", () => true, 10_000, { since: later, answered: true });
  });
});

const jobs = () => must(h.shops.all()[0]).store.list(LABEL_JOB_PREFIX);

async function waitForNoJobs(): Promise<void> {
  await waitFor(async () => (await jobs()).length === 0, {
    timeoutMs: 5_000,
    message: "the label job finished",
  });
}
