/**
 * Labels in batches: `/v2/posting/fbs/package-label/create` makes two tasks, `big_label` and
 * `small_label` (the v1 create, announced for switch-off, one task); `/v1/.../package-label/get`
 * answers `pending`, `in_progress`, then `completed` with a file URL (served here with the
 * seller's keys) and the postings it could not print, with why.
 * Tests: none directly
 */
import { z } from "zod";
import {
  binaryReply,
  fail,
  GRPC,
  jsonReply,
  readBody,
  type SandboxRequest,
  sellerError,
} from "../http.ts";
import { buildPdf } from "../pdf.ts";
import type { Route } from "../route-table.ts";
import type { Posting, SandboxState } from "../state.ts";
import { deskOf, type LabelTaskRecord } from "./acts-desk.ts";
import { findPosting } from "./posting-actions.ts";

/** Postings in one task at most (Ozon documents none; the synchronous method takes 20). */
export const LABEL_TASK_LIMIT = 100;

const intLike = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export function labelPage(p: Posting): string[] {
  return [
    "OZON",
    p.postingNumber,
    `Order ${p.orderNumber}`,
    `Items: ${p.lines.reduce((n, l) => n + l.quantity, 0)}`,
    `Barcode ${p.barcodes.lower}`,
    `Ship by ${new Date(p.shipmentDate).toISOString().slice(0, 10)}`,
  ];
}

function unprintable(p: Posting | undefined): string | undefined {
  if (!p) return "POSTING_NOT_FOUND";
  if (p.status === "cancelled") return "POSTING_ALREADY_CANCELLED";
  if (p.status !== "awaiting_deliver") return "POSTING_NOT_IN_AWAITING_DELIVER_STATUS";
  return undefined;
}

export function labelRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  const desk = deskOf(state);
  /** The postings a create asks for (each must exist), each once. */
  const labelTaskPostings = (req: SandboxRequest): string[] => {
    const body = readBody(
      req,
      z.object({ posting_number: z.array(z.string().min(1)).min(1).max(LABEL_TASK_LIMIT) }),
    );
    for (const number of body.posting_number) findPosting(state, number);
    return [...new Set(body.posting_number)];
  };
  const newTask = (postingNumbers: string[], type?: LabelTaskRecord["type"]): number => {
    const id = desk.nextId++;
    desk.labelTasks.set(id, { id, postingNumbers, polls: 0, ...(type ? { type } : {}) });
    return id;
  };
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/package-label/create",
      handle(req) {
        const postingNumbers = labelTaskPostings(req);
        const tasks = (["big_label", "small_label"] as const).map((task_type) => ({
          task_id: newTask(postingNumbers, task_type),
          task_type,
        }));
        return jsonReply({ result: { tasks } });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/posting/fbs/package-label/create",
      handle(req) {
        return jsonReply({ result: { task_id: newTask(labelTaskPostings(req)) } });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/posting/fbs/package-label/get",
      handle(req) {
        const body = readBody(req, z.object({ task_id: intLike }));
        const task = desk.labelTasks.get(body.task_id);
        if (!task) return fail(sellerError(404, GRPC.notFound, "TASK_NOT_FOUND"));
        task.polls++;
        if (task.polls <= desk.labelPollsBeforeReady) {
          const status = task.polls === 1 ? "pending" : "in_progress";
          return jsonReply({ result: { status, file_url: "", error: "" } });
        }
        const unprinted = task.postingNumbers.flatMap((n) => {
          const msg = unprintable(state.postings.get(n));
          return msg ? [{ posting_number: n, msg }] : [];
        });
        const printed = task.postingNumbers.length - unprinted.length;
        return jsonReply({
          result: {
            status: printed > 0 ? "completed" : "error",
            error: printed > 0 ? "" : "NO_LABELS_PRINTED",
            file_url: printed > 0 ? `${state.baseUrl}/sandbox/label-files/${task.id}.pdf` : "",
            printed_postings_count: printed,
            unprinted_postings_count: unprinted.length,
            unprinted_postings: unprinted,
          },
        });
      },
    },
    {
      ...seller,
      method: "GET",
      pattern: "/sandbox/label-files/{name}",
      fileLink: true,
      async handle(req) {
        const id = Number(/^(\d+)\.pdf$/.exec(req.params.name ?? "")?.[1]);
        const task = desk.labelTasks.get(id);
        if (!task || task.polls <= desk.labelPollsBeforeReady) {
          return fail(sellerError(404, GRPC.notFound, "FILE_NOT_FOUND"));
        }
        const pages = task.postingNumbers.flatMap((n) => {
          const p = state.postings.get(n);
          return p && !unprintable(p) ? [labelPage(p)] : [];
        });
        return binaryReply("application/pdf", await buildPdf(pages), `labels-${id}.pdf`);
      },
    },
  ];
}
