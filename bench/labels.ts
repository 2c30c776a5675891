// node bench/labels.ts — 500 labels in one batch against the sandbox over HTTP: Ozon calls made
// (tasks created, polls, files) and the time to the merged PDF, with the sandbox answering each
// task `pending`, then `completed` (one poll of waiting, as Ozon does for small batches).
import { PDFDocument } from "@cantoo/pdf-lib";
import { createSellerClient } from "../src/ozon/seller/client.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import { batchLabels, LABEL_TASK_SIZE } from "../src/services/postings/labels.ts";

const LABELS = 500;
const POLL_MS = 500;

const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
const seller = createSellerClient({
  baseUrl: sandbox.sellerUrl,
  clientId: sandbox.credentials.sellerClientId,
  apiKey: sandbox.credentials.sellerApiKey,
});
const numbers = Array.from(
  { length: LABELS },
  () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
);
sandbox.resetCounters();
const started = performance.now();
const batch = await batchLabels(seller, numbers, { pollMs: POLL_MS });
const ms = performance.now() - started;
const pdf = batch.pdf ?? new Uint8Array();
const pages = (await PDFDocument.load(pdf)).getPageCount();
const calls = Object.entries(sandbox.counters()).filter(([key]) => key.includes("label"));
const total = calls.reduce((sum, [, n]) => sum + n, 0);

console.log(`${LABELS} labels, ${LABEL_TASK_SIZE} per Ozon task, poll every ${POLL_MS} ms`);
for (const [key, n] of calls) console.log(`  ${key.padEnd(50)} ${String(n).padStart(4)}`);
console.log(`  Ozon calls in all: ${total}`);
console.log(`  time to the merged PDF: ${ms.toFixed(0)} ms (${POLL_MS} ms of it one poll wait)`);
console.log(`  PDF: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB`);
await seller.close();
await sandbox.close();
