/**
 * Batch labels against the sandbox over HTTP when Ozon retired the task methods (404 or 410):
 * the 20-a-call method prints them, one part per 20 postings, and a posting Ozon refuses (here
 * cancelled after the list was read) is named with Ozon's reason while the others of its part
 * still get their labels.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { batchLabels, type LabelProgress } from "../../../src/services/postings/labels.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

/** Ozon's label task methods: the v2 create and the v1 get. */
const LABEL_TASK_METHODS = /\/posting\/fbs\/package-label\/(create|get)$/;

let sandbox: Sandbox;
let seller: SellerClient;
afterEach(async () => {
  await seller.close();
  await sandbox.close();
});

describe("batch labels when the task methods are retired", () => {
  for (const status of [404, 410]) {
    it(`falls back to /v2/posting/fbs/package-label on ${status}, naming the refused posting`, async () => {
      sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
      seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
      const numbers = Array.from(
        { length: 25 },
        () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
      );
      const cancelled = numbers[3] as string;
      sandbox.control.cancelByBuyer(cancelled);
      sandbox.control.setFault(LABEL_TASK_METHODS, {
        rate5xx: 1,
        status5xx: status,
      });
      sandbox.resetCounters();
      const progress: LabelProgress[] = [];
      const batch = await batchLabels(seller, numbers, {
        pollMs: 10,
        onProgress: (p) => void progress.push(p),
      });

      expect(batch.printed).toBe(24);
      expect(batch.unprinted).toEqual([
        { postingNumber: cancelled, reason: "POSTING_ALREADY_CANCELLED" },
      ]);
      const pdf = await PDFDocument.load(batch.pdf ?? new Uint8Array());
      expect(pdf.getPageCount()).toBe(24);
      const counters = sandbox.counters();
      // Today's form of the task (the v1 create is announced for switch-off).
      expect(counters["POST /v2/posting/fbs/package-label/create"]).toBe(1);
      expect(counters["POST /v1/posting/fbs/package-label/create"]).toBeUndefined();
      // The refused part of 20 once, then its postings one by one; the last part of 5 once.
      expect(counters["POST /v2/posting/fbs/package-label"]).toBe(1 + 20 + 1);
      expect(progress.at(-1)).toEqual({ ready: 2, tasks: 2, postings: 25 });
    });
  }

  it("names a posting Ozon does not know (404 POSTING_NOT_FOUND) and prints the rest", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const numbers = Array.from(
      { length: 22 },
      () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
    );
    const unknown = "99999999-0001-1";
    numbers.splice(5, 0, unknown);
    sandbox.control.setFault(LABEL_TASK_METHODS, { rate5xx: 1, status5xx: 410 });
    sandbox.resetCounters();
    const batch = await batchLabels(seller, numbers, { pollMs: 10 });

    expect(batch.unprinted).toEqual([{ postingNumber: unknown, reason: "POSTING_NOT_FOUND" }]);
    expect(batch.printed).toBe(22);
    const pdf = await PDFDocument.load(batch.pdf ?? new Uint8Array());
    expect(pdf.getPageCount()).toBe(22);
    // The part with the unknown posting once, then one by one; the last part of 3 once.
    expect(sandbox.counters()["POST /v2/posting/fbs/package-label"]).toBe(1 + 20 + 1);
  });

  it("a 404 that names no posting still means the 20-a-call method is gone: the batch ends", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const numbers = Array.from(
      { length: 25 },
      () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
    );
    sandbox.control.setFault(LABEL_TASK_METHODS, { rate5xx: 1, status5xx: 410 });
    sandbox.control.setFault("/v2/posting/fbs/package-label", { rate5xx: 1, status5xx: 404 });
    sandbox.resetCounters();
    await expect(batchLabels(seller, numbers, { pollMs: 10 })).rejects.toMatchObject({
      status: 404,
    });
    // Not asked posting by posting: one call, and the batch ended.
    expect(sandbox.counters()["POST /v2/posting/fbs/package-label"]).toBe(1);
  });
});
