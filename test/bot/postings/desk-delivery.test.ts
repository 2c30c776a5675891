/**
 * Batch labels and handover acts whose PDF Telegram does not take at once, through the fake Bot
 * API and the sandbox: after a 5xx or a dropped connection the file is sent again and arrives
 * once, with "ready" said after it; a PDF over the document limit arrives in parts that fit; a
 * delivery that keeps failing tells the person and offers a Retry that only they may press,
 * which then sends the file once.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, group } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  must,
  PACKER,
  type PostingsHarness,
  readyAfter,
  startPostings,
} from "./harness.ts";
import { laterToday } from "./today-clock.ts";

/** Ozon's label task methods: the v2 create and the v1 get. */
const LABEL_TASK_METHODS = /\/posting\/fbs\/package-label\/(create|get)$/;

let h: PostingsHarness;
afterEach(() => h.close());

const LABELS = /🏷 Labels of all packed \(\d+\)/;
const BAD_GATEWAY = { error_code: 502, description: "Bad Gateway" };

function packed(count: number): void {
  const control = must(h.sandbox.stores[0]).control;
  const warehouse = must(control.warehouses()[0]);
  const method = must(warehouse.deliveryMethods[0]);
  for (let i = 0; i < count; i++) {
    control.addPosting({
      warehouseId: warehouse.id,
      deliveryMethodId: method.id,
      shipmentDate: laterToday(),
      status: "awaiting_deliver",
    });
  }
}

const sentSince = (since: number) =>
  h.fake.callsTo("sendDocument").filter((c) => c.seq >= since && c.response?.ok);
const said = (since: number, words: string) =>
  h.fake.calls.filter((c) => c.seq >= since && textOf(c).includes(words));
/**
 * The next `times` sendDocument calls get an answer that is not Telegram's JSON (as when the
 * connection drops or a proxy answers instead): grammY throws an HttpError, which its retry
 * plugin leaves to the caller. Later calls are answered as Telegram would.
 */
function dropDocuments(times: number): void {
  let left = times;
  h.fake.respond("sendDocument", (payload, call) => {
    if (left-- > 0) throw new Error("connection reset by peer");
    const chat = { id: Number(payload.chat_id), type: "private" };
    const document = { file_id: `doc-${call.seq}`, file_unique_id: `doc-${call.seq}` };
    return { message_id: 5000 + call.seq, date: Math.floor(Date.now() / 1000), chat, document };
  });
}
const pagesOf = async (call: RecordedCall) =>
  (await PDFDocument.load(must(call.files[0]).bytes)).getPageCount();

async function askForLabels(chat?: ReturnType<typeof group>): Promise<number> {
  const board = lastScreen(
    await exchange(h, command("today", { from: KEEPER, ...(chat ? { chat } : {}) })),
  );
  const since = h.fake.calls.length;
  await h.send(press(board, LABELS, KEEPER));
  return since;
}

async function noJobsLeft(): Promise<void> {
  const jobs = () => must(h.shops.all()[0]).store.list("label-batch:");
  await waitFor(async () => (await jobs()).length === 0, { message: "the label job finished" });
}

describe("label batches and acts that Telegram does not take at once", () => {
  it("sends the PDF again after a 5xx: it arrives once, and 'ready' comes with it", async () => {
    h = await startPostings({
      module: { labelPollMs: 20, delivery: { retryBackoffMs: [30, 30] } },
    });
    packed(12);
    h.fake.failNext("sendDocument", BAD_GATEWAY);
    const since = await askForLabels();
    const sent = await h.fake.waitForCall("sendDocument", (c) => !!c.response?.ok, 10_000, {
      since,
    });
    const ready = await readyAfter(h, "✅ Labels ready: 12 of 12.", since, sent);
    const attempts = h.fake.callsTo("sendDocument").filter((c) => c.seq >= since);
    expect(attempts.map((c) => c.response?.ok)).toEqual([false, true]);
    expect(await pagesOf(sent)).toBe(12);
    // Nothing said "ready" before the file arrived.
    expect(said(since, "Labels ready").map((c) => c.seq)).toEqual([ready.seq]);
    await noJobsLeft();
    expect(sentSince(since)).toHaveLength(1);
  });

  it("sends the PDF again after a dropped connection, once, with 'ready' after it", async () => {
    h = await startPostings({
      module: { labelPollMs: 20, delivery: { retryBackoffMs: [30, 30] } },
    });
    packed(3);
    dropDocuments(2);
    const since = await askForLabels();
    const sent = await h.fake.waitForCall("sendDocument", (c) => !!c.response?.ok, 10_000, {
      since,
    });
    const ready = await readyAfter(h, "✅ Labels ready: 3 of 3.", since, sent);
    const attempts = h.fake.callsTo("sendDocument").filter((c) => c.seq >= since);
    expect(attempts.map((c) => c.response?.ok)).toEqual([undefined, undefined, true]);
    expect(said(since, "Labels ready").map((c) => c.seq)).toEqual([ready.seq]);
    await noJobsLeft();
    expect(sentSince(since)).toHaveLength(1);
  });

  it("splits a PDF over the document limit into parts that each fit", async () => {
    const limit = 6_000;
    h = await startPostings({ module: { labelPollMs: 20, documentMaxBytes: limit } });
    packed(40);
    const since = await askForLabels();
    const last = await h.fake.waitForCall(
      "sendDocument",
      (c) => /part (\d+) of \1/.test(String(c.payload.caption)),
      10_000,
      { since, answered: true },
    );
    await readyAfter(h, "✅ Labels ready: 40 of 40.", since, last);
    const parts = sentSince(since);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(must(part.files[0]).size).toBeLessThanOrEqual(limit);
    const pages = await Promise.all(parts.map(pagesOf));
    expect(pages.reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(parts.map((c) => String(c.payload.caption))).toEqual(
      parts.map((_, i) => `🏷 Labels: 40 · part ${i + 1} of ${parts.length}`),
    );
    expect(new Set(parts.map((c) => must(c.files[0]).fileName)).size).toBe(parts.length);
  });

  it("tells the person when the PDF never goes through; Retry is theirs and sends it once", async () => {
    h = await startPostings({ module: { labelPollMs: 20, delivery: { retryBackoffMs: [30] } } });
    packed(5);
    const team = group(-100424);
    dropDocuments(2);
    const since = await askForLabels(team);
    const told = await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("Telegram did not take the file"),
      10_000,
      { since, answered: true },
    );
    expect(buttonsOf(told).map((b) => b.text)).toEqual(["🔁 Retry"]);
    expect(said(since, "Labels ready")).toHaveLength(0);
    expect(sentSince(since)).toHaveLength(0);

    // Someone else in the group may not send it again.
    const other = h.fake.calls.length;
    await h.send(press(told, "Retry", PACKER));
    const refused = await h.fake.waitForCall("answerCallbackQuery", () => true, 5_000, {
      since: other,
    });
    expect(String(refused.payload.text)).toContain("Only the person who asked");

    const retried = h.fake.calls.length;
    await h.send(press(told, "Retry", KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", (c) => !!c.response?.ok, 10_000, {
      since: retried,
    });
    await readyAfter(h, "✅ Labels ready: 5 of 5.", retried, sent);
    await noJobsLeft();
    // A second press after it went: nothing more is sent.
    await h.send(press(told, "Retry", KEEPER));
    const late = await h.fake.waitForCall(
      "answerCallbackQuery",
      (c) => c.seq > retried && String(c.payload.text).includes("Nothing left to send"),
      5_000,
    );
    expect(late).toBeDefined();
    expect(sentSince(since)).toEqual([sent]);
    expect(await pagesOf(sent)).toBe(5);
  });

  it("labels Ozon printed at once are sent again too; if they never go, the tap works again", async () => {
    h = await startPostings({ module: { delivery: { retryBackoffMs: [30] } } });
    packed(4);
    // Ozon retired its label tasks: the batch is printed at once, 20 a call, never kept as a job.
    h.sandbox.control.setFault(LABEL_TASK_METHODS, { rate5xx: 1, status5xx: 410 });
    dropDocuments(2);
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    const since = h.fake.calls.length;
    await h.send(press(board, LABELS, KEEPER));
    const told = await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("Tap the labels button again"),
      10_000,
      { since, answered: true },
    );
    expect(buttonsOf(told)).toEqual([]);
    expect(said(since, "Labels ready")).toHaveLength(0);

    const again = h.fake.calls.length;
    await h.send(press(board, LABELS, KEEPER));
    const sent = await h.fake.waitForCall("sendDocument", (c) => !!c.response?.ok, 10_000, {
      since: again,
    });
    await readyAfter(h, "✅ Labels ready: 4 of 4.", again, sent);
    expect(sentSince(since)).toEqual([sent]);
  });

  it("offers Retry for an act whose documents never went through, and then sends each once", async () => {
    h = await startPostings({
      module: { handoverPollMs: 20, delivery: { retryBackoffMs: [30] } },
    });
    packed(2);
    dropDocuments(2);
    const places = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    const confirm = lastScreen(await exchange(h, press(places, "No cargo places", KEEPER)));
    const since = h.fake.calls.length;
    await h.send(press(confirm, "✅ Create the act", KEEPER));
    const told = await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("Telegram did not take its documents"),
      10_000,
      { since, answered: true },
    );
    expect(said(since, "is ready:")).toHaveLength(0);
    const retried = h.fake.calls.length;
    await h.send(press(told, "Retry", KEEPER));
    const act = await h.fake.waitForCall("sendDocument", (c) => !!c.response?.ok, 10_000, {
      since: retried,
    });
    expect(String(act.payload.caption)).toContain("Handover act");
    await readyAfter(h, /Act \d+ is ready: 2 postings/, retried, act);
    await waitFor(
      async () => (await must(h.shops.all()[0]).store.list("handover-act:")).length === 0,
      {
        message: "the act's job finished",
      },
    );
    expect(sentSince(since)).toEqual([act]);
  });
});
