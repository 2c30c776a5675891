/**
 * The courier handover: `/v2/posting/fbs/act/create` (live form with `delivery_method_id`; the
 * seed's form without it takes every packed posting), `check-status` (`in_process` for a few
 * polls, then `ready` or `error`), `get-pdf` and `get-container-labels`.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, binaryReply, fail, GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import { buildPdf } from "../pdf.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import { type ActRecord, deskOf } from "./acts-desk.ts";

const DAY_MS = 86_400_000;
const intLike = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export function actRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  const desk = deskOf(state);

  const actOf = (id: number): ActRecord => {
    const act = desk.acts.get(id);
    if (!act) return fail(sellerError(404, GRPC.notFound, "ACT_NOT_FOUND"));
    return act;
  };
  const ready = (act: ActRecord) =>
    act.failText === undefined && act.polls > desk.actPollsBeforeReady;
  const idBody = z.object({ id: intLike });

  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/act/create",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            delivery_method_id: intLike.optional(),
            containers_count: z.number().int().min(0).max(1000).optional(),
            departure_date: z.string().optional(),
          }),
        );
        const methodId = body.delivery_method_id;
        if (methodId !== undefined && !state.deliveryMethods.some((m) => m.id === methodId)) {
          badRequest("seller", "DELIVERY_METHOD_NOT_FOUND");
        }
        // The next carriage: packed postings whose cut-off is within a day.
        const due = [...state.postings.values()].filter(
          (p) =>
            p.status === "awaiting_deliver" &&
            (methodId === undefined || p.deliveryMethodId === methodId) &&
            p.shipmentDate <= state.now() + DAY_MS,
        );
        if (due.length === 0) badRequest("seller", "There are no postings to include in the act");
        const removed = due.flatMap((p) => {
          const reason = desk.leftOut.get(p.postingNumber);
          return reason ? [{ postingNumber: p.postingNumber, reason }] : [];
        });
        const id = desk.nextId++;
        desk.acts.set(id, {
          id,
          deliveryMethodId: methodId,
          containers: body.containers_count ?? 0,
          added: due.map((p) => p.postingNumber).filter((n) => !desk.leftOut.has(n)),
          removed,
          polls: 0,
          failText: desk.nextFailText,
        });
        desk.nextFailText = undefined;
        return jsonReply({ result: { id } });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/act/check-status",
      handle(req) {
        const act = actOf(readBody(req, idBody).id);
        act.polls++;
        const status =
          act.polls <= desk.actPollsBeforeReady ? "in_process" : act.failText ? "error" : "ready";
        const done = status === "ready";
        return jsonReply({
          result: {
            status,
            ...(status === "error" ? { error: act.failText } : {}),
            added_to_act: done ? act.added : [],
            removed_from_act: done ? act.removed.map((r) => r.postingNumber) : [],
            act_type: "ozon_digital",
            is_partial: false,
            has_postings_for_next_carriage: false,
            partial_num: 0,
          },
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/act/get-pdf",
      async handle(req) {
        const act = actOf(readBody(req, idBody).id);
        if (!ready(act)) badRequest("seller", "ACT_IS_NOT_READY");
        const lines = ["OZON", `Act ${act.id}`, `Postings: ${act.added.length}`, ...act.added];
        return binaryReply("application/pdf", await buildPdf([lines]), `act-${act.id}.pdf`);
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/act/get-container-labels",
      async handle(req) {
        const act = actOf(readBody(req, idBody).id);
        if (!ready(act)) badRequest("seller", "ACT_IS_NOT_READY");
        if (act.containers === 0) badRequest("seller", "ACT_HAS_NO_CONTAINERS");
        const pages = Array.from({ length: act.containers }, (_, i) => [
          "OZON",
          `Act ${act.id}`,
          `Cargo place ${i + 1} of ${act.containers}`,
        ]);
        return binaryReply("application/pdf", await buildPdf(pages), `cargo-${act.id}.pdf`);
      },
    },
  ];
}
