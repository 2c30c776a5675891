/**
 * The shipping namespace: postings by status for a day's board, labels in batches (a task Ozon
 * prepares, then a file), and the courier handover act.
 * Tests: none directly
 */
import { OzonShapeError } from "../errors.ts";
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  actCheckStatus,
  actContainerLabels,
  actCreate,
  actPdf,
  labelBatchCreate,
  labelBatchGet,
} from "./endpoints/acts.ts";
import { awaitingPackaging, unfulfilledListV3, unfulfilledListV4 } from "./endpoints/postings.ts";
import { isPdf, pdfFromAnswer } from "./pdf-answer.ts";
import { normalizePosting } from "./posting-normalize.ts";
import type { Posting } from "./types.ts";

const MAX_PAGES = 200;
const V3_PAGE = 1000;
const V4_PAGE = 100;
const NOTHING_EXTRA = { analytics_data: false, barcodes: false, financial_data: false };
/** A label file or an act is a few pages per posting; 50 MB is Telegram's upload limit anyway. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const FILE_DEADLINE_MS = 60_000;

export interface StatusWindow {
  /** ISO times bounding the cut-off (both required by the v3 form). */
  cutoffFrom: string;
  cutoffTo: string;
}

export type LabelTaskStatus = "pending" | "in_progress" | "completed" | "error" | (string & {});

export interface LabelTask {
  status: LabelTaskStatus;
  fileUrl: string | undefined;
  error: string | undefined;
  printed: number | undefined;
  unprinted: Array<{ postingNumber: string; reason: string | undefined }>;
}

export type ActStatus = "in_process" | "ready" | "error" | "cancelled" | (string & {});

export interface ActState {
  status: ActStatus;
  /** Ozon's text when the act ended in `error`. */
  error: string | undefined;
  added: string[];
  removed: string[];
}

export interface NewAct {
  deliveryMethodId: string;
  containersCount?: number | undefined;
  departureDate?: string | undefined;
}

export function createShippingApi(ctx: SellerContext) {
  const base = new URL(ctx.http.baseUrl);

  /** Every unfulfilled posting in `status` whose cut-off falls in the window. */
  async function listByStatus(status: string, window: StatusWindow): Promise<Posting[]> {
    const found = new Map<string, Posting>();
    let offset = 0;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { form, value } = await ctx.successors.run(
        awaitingPackaging,
        async () => {
          const answer = await ctx.http.call(unfulfilledListV3, {
            body: {
              dir: "ASC",
              filter: { ...cutoff(window), status },
              limit: V3_PAGE,
              offset,
              with: NOTHING_EXTRA,
            },
          });
          const postings = answer.result.postings ?? [];
          const count = answer.result.count ?? undefined;
          const more =
            postings.length > 0 &&
            (count !== undefined ? offset + postings.length < count : postings.length >= V3_PAGE);
          return { postings, more, next: undefined as string | undefined };
        },
        async () => {
          const answer = await ctx.http.call(unfulfilledListV4, {
            body: {
              ...(cursor ? { cursor } : {}),
              filter: { statuses: [status], ...cutoff(window) },
              limit: V4_PAGE,
              sort_dir: "ASC",
              with: NOTHING_EXTRA,
            },
          });
          return {
            postings: answer.postings ?? [],
            more: answer.has_next ?? false,
            next: answer.cursor,
          };
        },
      );
      for (const wire of value.postings) {
        // A list answer may carry other statuses (or repeat one after a form switch).
        if (wire.status === status) found.set(wire.posting_number, normalizePosting(wire));
      }
      if (!value.more) break;
      if (form === "spec") offset += value.postings.length;
      else if (!value.next || value.next === cursor) break;
      else cursor = value.next;
    }
    return [...found.values()];
  }

  /** The task of the usual label (`big_label`; the first task when none says so). */
  async function createLabelTask(postingNumbers: readonly string[]): Promise<string> {
    const answer = await ctx.http.call(labelBatchCreate, {
      body: { posting_number: [...postingNumbers] },
    });
    const tasks = answer.result.tasks ?? [];
    const task = tasks.find((t) => t.task_type === "big_label") ?? tasks[0];
    if (!task) {
      throw new OzonShapeError({
        service: "seller",
        method: labelBatchCreate.method,
        path: labelBatchCreate.path,
        field: "result.tasks",
        problems: ["no label task"],
      });
    }
    return task.task_id;
  }

  async function labelTask(taskId: string): Promise<LabelTask> {
    const { result } = await ctx.http.call(labelBatchGet, { body: { task_id: wireInt(taskId) } });
    return {
      status: result.status,
      fileUrl: result.file_url,
      error: result.error,
      printed: result.printed_postings_count ?? undefined,
      unprinted: (result.unprinted_postings ?? []).map((u) => ({
        postingNumber: u.posting_number,
        reason: u.msg,
      })),
    };
  }

  /**
   * The file of a finished label task. Ozon names its CDN (`https://cdn1.ozone.ru/...`); any
   * other place is refused, and the keys are sent only to the Seller API's own origin.
   */
  async function labelFile(fileUrl: string): Promise<Uint8Array> {
    const url = labelFileLocation(base, fileUrl);
    const info = { service: "seller" as const, method: "GET", path: "label file" };
    if (!url) {
      throw new OzonShapeError({ ...info, field: "file_url", problems: ["not an Ozon address"] });
    }
    const answer = await ctx.http.download(url.href, {
      withAuth: url.origin === base.origin,
      maxBytes: MAX_FILE_BYTES,
      deadlineMs: FILE_DEADLINE_MS,
    });
    if (!isPdf(answer.bytes)) {
      throw new OzonShapeError({ ...info, field: "", problems: ["body: expected a PDF document"] });
    }
    return answer.bytes;
  }

  async function createAct(act: NewAct): Promise<string> {
    const answer = await ctx.http.call(actCreate, {
      body: {
        delivery_method_id: wireInt(act.deliveryMethodId),
        ...(act.containersCount ? { containers_count: act.containersCount } : {}),
        ...(act.departureDate ? { departure_date: act.departureDate } : {}),
      },
    });
    return answer.result.id;
  }

  async function actState(id: string): Promise<ActState> {
    const { result } = await ctx.http.call(actCheckStatus, { body: { id: wireInt(id) } });
    return {
      status: result.status,
      error: result.error,
      added: result.added_to_act ?? [],
      removed: result.removed_from_act ?? [],
    };
  }

  /** A PDF method's answer: the bytes, or Ozon's JSON form with the PDF in base64. */
  async function pdfOf(
    ep: typeof actPdf | typeof actContainerLabels,
    id: string,
  ): Promise<Uint8Array> {
    const answer = await ctx.http.call(ep, { body: { id: wireInt(id) }, maxBytes: MAX_FILE_BYTES });
    return pdfFromAnswer(answer, ep);
  }

  return {
    listByStatus,
    createLabelTask,
    labelTask,
    labelFile,
    createAct,
    actState,
    actPdf: (id: string) => pdfOf(actPdf, id),
    actContainerLabels: (id: string) => pdfOf(actContainerLabels, id),
  };
}

export type ShippingApi = ReturnType<typeof createShippingApi>;

function cutoff(window: StatusWindow) {
  return { cutoff_from: window.cutoffFrom, cutoff_to: window.cutoffTo };
}

/** The label file's URL when it is Ozon's: the Seller API origin, or https on Ozon's CDN. */
export function labelFileLocation(base: URL, fileUrl: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(fileUrl.trim());
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "") return undefined;
  if (url.origin === base.origin) return url;
  const ozonCdn = url.hostname === "ozone.ru" || url.hostname.endsWith(".ozone.ru");
  return url.protocol === "https:" && ozonCdn ? url : undefined;
}
