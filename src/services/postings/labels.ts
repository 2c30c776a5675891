/**
 * Labels for many postings as one PDF: Ozon's batch label tasks (`package-label/create`, then
 * `/get` until the file is ready), one task per LABEL_TASK_SIZE postings, all tasks prepared side
 * by side, their files merged with @cantoo/pdf-lib (the maintained fork of pdf-lib). Postings
 * Ozon could not print are named with why.
 * When Ozon answers the task methods 404/410 (retired), the 20-a-call method prints them
 * (labels-direct.ts). Each batch tries the tasks first: one call lost, and no memory to go stale.
 * Tests: test/services/postings/labels.test.ts and 2 more
 */
import type { PDFDocument } from "@cantoo/pdf-lib";
import { systemClock } from "../../clock.ts";
import { isRetiredMethodError } from "../../ozon/errors.ts";
import type { ShippingApi } from "../../ozon/seller/shipping.ts";
import type { LabelBatch, LabelBatchOptions } from "./label-batch.ts";
import { directLabels, type PackageLabels } from "./labels-direct.ts";

export type { LabelBatch, LabelBatchOptions, LabelProgress } from "./label-batch.ts";

/**
 * Postings per task. Ozon documents no cap for a task (its synchronous method takes 20); 100
 * keeps each task's file small and 500 labels at 5 tasks.
 */
export const LABEL_TASK_SIZE = 100;
/** At most this many postings per request of a person (a day of a large warehouse). */
export const MAX_BATCH_LABELS = 2000;

export class LabelsNotReadyError extends Error {
  override name = "LabelsNotReadyError";
  readonly minutes: number;
  constructor(minutes: number) {
    super(`Ozon was still preparing the labels after ${minutes} min`);
    this.minutes = minutes;
  }
}

/** What a batch needs of a Seller client: the tasks, and the 20-a-call method to fall back on. */
export interface LabelSeller {
  shipping: ShippingApi;
  postings: PackageLabels;
}

export async function batchLabels(
  seller: LabelSeller,
  postingNumbers: readonly string[],
  options: LabelBatchOptions = {},
): Promise<LabelBatch> {
  const numbers = [...new Set(postingNumbers)].slice(0, MAX_BATCH_LABELS);
  try {
    return await labelsByTasks(seller.shipping, numbers, options);
  } catch (error) {
    if (!isRetiredMethodError(error)) throw error;
    return directLabels(seller.postings, numbers, options, mergePdfs);
  }
}

/** One of Ozon's label tasks as followed (kept in a LabelJob across restarts). */
export interface LabelTaskState {
  id: string;
  postings: number;
  /** Ozon finished it (completed or error). */
  done?: true;
  fileUrl?: string;
  unprinted: LabelBatch["unprinted"];
}

/** Asks Ozon for one task per LABEL_TASK_SIZE postings (404/410: retired, see batchLabels). */
export async function createLabelTasks(
  shipping: ShippingApi,
  numbers: readonly string[],
): Promise<LabelTaskState[]> {
  const tasks: LabelTaskState[] = [];
  for (let i = 0; i < numbers.length; i += LABEL_TASK_SIZE) {
    const chunk = numbers.slice(i, i + LABEL_TASK_SIZE);
    tasks.push({
      id: await shipping.createLabelTask(chunk),
      postings: chunk.length,
      unprinted: [],
    });
  }
  return tasks;
}

/** Polls the tasks not done yet once each (they are updated in place); true when all are done. */
export async function pollLabelTasks(
  shipping: ShippingApi,
  tasks: LabelTaskState[],
): Promise<boolean> {
  for (const task of tasks) {
    if (task.done) continue;
    const state = await shipping.labelTask(task.id);
    if (state.status !== "completed" && state.status !== "error") continue;
    task.done = true;
    task.unprinted = state.unprinted.map((u) => ({
      postingNumber: u.postingNumber,
      reason: u.reason ?? state.error ?? "",
    }));
    if (state.status === "completed" && state.fileUrl) task.fileUrl = state.fileUrl;
  }
  return tasks.every((task) => task.done);
}

/** The files of finished tasks merged, in order, with what was not printed. */
export async function collectLabels(
  shipping: ShippingApi,
  tasks: readonly LabelTaskState[],
): Promise<LabelBatch> {
  const parts: Uint8Array[] = [];
  for (const task of tasks) if (task.fileUrl) parts.push(await shipping.labelFile(task.fileUrl));
  const unprinted = tasks.flatMap((task) => task.unprinted);
  const total = tasks.reduce((sum, task) => sum + task.postings, 0);
  return {
    pdf: parts.length > 0 ? await mergePdfs(parts) : undefined,
    printed: total - unprinted.length,
    unprinted,
  };
}

/**
 * The start of a batch that goes on in the background (LabelDesk): Ozon's tasks, created; or,
 * when Ozon retired the task methods, the batch itself from the 20-a-call method.
 */
export async function beginLabels(
  seller: LabelSeller,
  postingNumbers: readonly string[],
  options: Pick<LabelBatchOptions, "onProgress"> = {},
): Promise<{ tasks: LabelTaskState[] } | { batch: LabelBatch }> {
  const numbers = [...new Set(postingNumbers)].slice(0, MAX_BATCH_LABELS);
  try {
    return { tasks: await createLabelTasks(seller.shipping, numbers) };
  } catch (error) {
    if (!isRetiredMethodError(error)) throw error;
    return { batch: await directLabels(seller.postings, numbers, options, mergePdfs) };
  }
}

async function labelsByTasks(
  shipping: ShippingApi,
  numbers: readonly string[],
  options: LabelBatchOptions,
): Promise<LabelBatch> {
  const pollMs = options.pollMs ?? 2000;
  const maxWaitMs = options.maxWaitMs ?? 5 * 60_000;
  const sleep = options.sleep ?? systemClock.sleep;
  const now = options.now ?? Date.now;
  const tasks = await createLabelTasks(shipping, numbers);
  const started = now();
  const report = () =>
    options.onProgress?.({
      ready: tasks.filter((task) => task.done).length,
      tasks: tasks.length,
      postings: numbers.length,
    });
  await report();
  for (;;) {
    const done = await pollLabelTasks(shipping, tasks);
    await report();
    if (done) break;
    if (now() - started >= maxWaitMs) throw new LabelsNotReadyError(Math.round(maxWaitMs / 60_000));
    await sleep(pollMs);
  }
  return collectLabels(shipping, tasks);
}

/**
 * The PDF library, loaded at the first batch that needs it: it takes about 25 MB of memory that an
 * idle bot would otherwise hold (bench/memory.ts).
 */
function pdfLib(): Promise<typeof import("@cantoo/pdf-lib")> {
  return import("@cantoo/pdf-lib");
}

/** One PDF of the pages of `parts`, in order (a single part is returned as it is). */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const { PDFDocument } = await pdfLib();
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

/**
 * `pdf` as PDFs of its pages in order, each at most `maxBytes` (Telegram's limit for a document);
 * `pdf` itself when it fits. A single page over the limit stays whole: nothing smaller exists.
 */
export async function splitPdf(pdf: Uint8Array, maxBytes: number): Promise<Uint8Array[]> {
  if (pdf.byteLength <= maxBytes) return [pdf];
  const { PDFDocument } = await pdfLib();
  const source = await PDFDocument.load(pdf);
  const count = source.getPageCount();
  const parts: Uint8Array[] = [];
  for (let start = 0; start < count; ) {
    // A guess from the average page, shrunk in proportion until the part fits.
    let take = Math.min(
      count - start,
      Math.max(1, Math.floor((count * maxBytes) / pdf.byteLength)),
    );
    for (;;) {
      const part = await pagesOf(source, start, take);
      if (part.byteLength <= maxBytes || take === 1) {
        parts.push(part);
        start += take;
        break;
      }
      const shrunk = Math.floor((take * maxBytes * 0.95) / part.byteLength);
      take = Math.max(1, Math.min(take - 1, shrunk));
    }
  }
  return parts.length > 0 ? parts : [pdf];
}

async function pagesOf(source: PDFDocument, start: number, count: number): Promise<Uint8Array> {
  const part = await (await pdfLib()).PDFDocument.create();
  const indices = Array.from({ length: count }, (_, i) => start + i);
  for (const page of await part.copyPages(source, indices)) part.addPage(page);
  return part.save();
}
