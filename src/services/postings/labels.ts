/**
 * Labels for many postings as one PDF: Ozon's batch label tasks (`package-label/create`, then
 * `/get` until the file is ready), one task per LABEL_TASK_SIZE postings, all tasks prepared side
 * by side, their files merged with pdf-lib. Postings Ozon could not print are named with why.
 * When Ozon answers the task methods 404/410 (retired), the 20-a-call method prints them
 * (labels-direct.ts). Each batch tries the tasks first: one call lost, and no memory to go stale.
 */
import { PDFDocument } from "pdf-lib";
import { isRetiredMethodError } from "../../ozon/errors.ts";
import type { ShippingApi } from "../../ozon/seller/shipping.ts";
import { directLabels, type PackageLabels } from "./labels-direct.ts";

/**
 * Postings per task. Ozon documents no cap for a task (its synchronous method takes 20); 100
 * keeps each task's file small and 500 labels at 5 tasks.
 */
export const LABEL_TASK_SIZE = 100;
/** At most this many postings per request of a person (a day of a large warehouse). */
export const MAX_BATCH_LABELS = 2000;

export interface LabelProgress {
  /** Tasks whose file is in. */
  ready: number;
  tasks: number;
  postings: number;
}

export interface LabelBatchOptions {
  pollMs?: number;
  /** Ozon still preparing after this long: give up with LabelsNotReadyError. */
  maxWaitMs?: number;
  onProgress?: (progress: LabelProgress) => void | Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface LabelBatch {
  /** One PDF of every printed label; undefined when none was printed. */
  pdf: Uint8Array | undefined;
  printed: number;
  unprinted: Array<{ postingNumber: string; reason: string }>;
}

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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

async function labelsByTasks(
  shipping: ShippingApi,
  numbers: readonly string[],
  options: LabelBatchOptions,
): Promise<LabelBatch> {
  const pollMs = options.pollMs ?? 2000;
  const maxWaitMs = options.maxWaitMs ?? 5 * 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const chunks: string[][] = [];
  for (let i = 0; i < numbers.length; i += LABEL_TASK_SIZE) {
    chunks.push(numbers.slice(i, i + LABEL_TASK_SIZE));
  }
  const taskIds: string[] = [];
  for (const chunk of chunks) taskIds.push(await shipping.createLabelTask(chunk));

  const files = new Map<string, Uint8Array>();
  const unprinted: LabelBatch["unprinted"] = [];
  const pending = new Set(taskIds);
  const started = now();
  const report = () =>
    options.onProgress?.({
      ready: taskIds.length - pending.size,
      tasks: taskIds.length,
      postings: numbers.length,
    });
  await report();
  while (pending.size > 0) {
    for (const taskId of [...pending]) {
      const task = await shipping.labelTask(taskId);
      if (task.status !== "completed" && task.status !== "error") continue;
      pending.delete(taskId);
      for (const u of task.unprinted) {
        unprinted.push({ postingNumber: u.postingNumber, reason: u.reason ?? task.error ?? "" });
      }
      if (task.status === "completed" && task.fileUrl) {
        files.set(taskId, await shipping.labelFile(task.fileUrl));
      }
    }
    await report();
    if (pending.size === 0) break;
    if (now() - started >= maxWaitMs) throw new LabelsNotReadyError(Math.round(maxWaitMs / 60_000));
    await sleep(pollMs);
  }
  const parts = taskIds.flatMap((id) => {
    const file = files.get(id);
    return file ? [file] : [];
  });
  const printed = numbers.length - unprinted.length;
  return { pdf: parts.length > 0 ? await mergePdfs(parts) : undefined, printed, unprinted };
}

/** One PDF of the pages of `parts`, in order (a single part is returned as it is). */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
