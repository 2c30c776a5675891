/**
 * The sandbox's control surface over HTTP: each in-process control method's twin under /_sandbox/.
 * Tests: none directly
 */
import { z } from "zod";
import { afterSaleControlRoutes } from "./after-sale-control-http.ts";
import type { SandboxContract } from "./contract.ts";
import type { BuyerMessageInput, ControlHandler } from "./control.ts";
import { documentsControlRoutes } from "./documents-control-http.ts";
import { fboControlRoutes } from "./fbo-control-http.ts";
import { jsonReply, type Reply } from "./http.ts";
import { parseJsonLossless } from "./json.ts";
import type { HttpMethod } from "./route-table.ts";
import { declineSchema } from "./seller/declines.ts";
import type { PostingSeed } from "./seller/posting-model.ts";
import type { ControlSurface } from "./server.ts";
import type { PostingStatus } from "./state.ts";
import { stockControlRoutes } from "./stock-control-http.ts";
import type { StoreDirectory } from "./stores.ts";
import { unitControlRoutes } from "./unit-control-http.ts";

export interface HttpControlExtras {
  contract: SandboxContract;
  counters(): Record<string, number>;
  resetCounters(): void;
  requests(): ReadonlyArray<unknown>;
  info(): Record<string, unknown>;
  setPushTarget(url: string | undefined): void;
}

const cancelBySchema = z.object({
  type: z.enum(["seller", "customer", "client", "ozon", "system", "delivery"]).optional(),
  initiator: z.string().max(100).optional(),
  reasonId: z.number().int().optional(),
  reason: z.string().max(500).optional(),
});

const fileSchema = z.object({
  name: z.string().min(1),
  mime: z.string().optional(),
  base64: z.string().optional(),
  form: z.enum(["file", "markdown"]).optional(),
});
const buyerMessageSchema = z.object({
  text: z.string().min(1).optional(),
  file: fileSchema.optional(),
});
const questionSchema = z.object({
  sku: z.number().int().positive().optional(),
  text: z.string().min(1).max(3000).optional(),
  authorName: z.string().min(1).max(200).optional(),
});
const reviewSchema = z.object({
  sku: z.number().int().positive().optional(),
  text: z.string().min(1).max(5000).optional(),
  rating: z.number().int().min(1).max(5).optional(),
});
const faultSchema = z.object({
  route: z.string().min(1),
  latencyMs: z.number().min(0).optional(),
  rate429: z.number().min(0).max(1).optional(),
  retryAfterSeconds: z.number().min(0).optional(),
  rate5xx: z.number().min(0).max(1).optional(),
  status5xx: z.number().int().min(500).max(599).optional(),
  malformed: z.union([z.number().min(0).max(1), z.boolean()]).optional(),
  malformedKind: z.enum(["invalid-json", "wrong-shape"]).optional(),
  bodyChunkBytes: z.number().int().min(1).optional(),
  bodyPauseMs: z.number().min(0).optional(),
  times: z.number().int().min(1).optional(),
  rate403: z.number().min(0).max(1).optional(),
  store: z.string().min(1).max(200).optional(),
});

class UnknownStore extends Error {}

/** Every endpoint but the store-wide ones (faults, retire, counters) acts on one store. */
export function createHttpControl(
  stores: StoreDirectory,
  extras: HttpControlExtras,
): ControlSurface {
  const storeOf = (query: URLSearchParams) => {
    const wanted = query.get("store");
    if (wanted === null) return stores.first;
    const store = stores.find(wanted);
    // The id is the caller's own text: echo it capped, so a huge query cannot inflate the answer.
    if (!store) throw new UnknownStore(`store ${wanted.slice(0, 100)} not found`);
    return store;
  };
  const toBuyerMessage = (body: unknown): BuyerMessageInput => {
    const parsed = buyerMessageSchema.parse(body ?? {});
    const file = parsed.file
      ? {
          name: parsed.file.name,
          mime: parsed.file.mime,
          form: parsed.file.form,
          data: parsed.file.base64
            ? new Uint8Array(Buffer.from(parsed.file.base64, "base64"))
            : undefined,
        }
      : undefined;
    return { text: parsed.text, file };
  };
  const routes: Array<[HttpMethod, RegExp, ControlHandler, string]> = [
    [
      "GET",
      /^$/,
      () => ({ ...extras.info(), endpoints: routes.map(([m, , , doc]) => `${m} ${doc}`) }),
      "/_sandbox/  (add ?store=<clientId> to any endpoint to act on that store; default store 1)",
    ],
    [
      "GET",
      /^stores$/,
      () => stores.all.map(({ name, credentials }) => ({ name, credentials })),
      "/_sandbox/stores",
    ],
    ["GET", /^state$/, ({ control }) => control.snapshot(), "/_sandbox/state"],
    ["GET", /^postings$/, ({ control }) => control.postings(), "/_sandbox/postings"],
    [
      "POST",
      /^postings$/,
      ({ body, control }) => control.addPosting((body ?? {}) as PostingSeed),
      "/_sandbox/postings  {products?, status?, warehouseId?, ...}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/status$/,
      ({ params, body, control }) =>
        control.setPostingStatus(
          params[0] as string,
          z.object({ status: z.string() }).parse(body).status as PostingStatus,
        ),
      "/_sandbox/postings/{postingNumber}/status  {status}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/cancel-by$/,
      ({ params, body, control }) =>
        control.cancelByBuyer(params[0] as string, cancelBySchema.parse(body ?? {})),
      "/_sandbox/postings/{postingNumber}/cancel-by  {type?: customer|ozon|delivery|..., reasonId?, reason?}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/cutoff$/,
      ({ params, body, control }) =>
        control.moveCutoff(params[0] as string, z.object({ to: z.iso.datetime() }).parse(body).to),
      "/_sandbox/postings/{postingNumber}/cutoff  {to: ISO time}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/fail-next-ship$/,
      ({ params, control }) => {
        control.failNextShip(params[0] as string);
        return { ok: true };
      },
      "/_sandbox/postings/{postingNumber}/fail-next-ship",
    ],
    [
      "POST",
      /^decline$/,
      ({ body, control }) => {
        const { path, times } = declineSchema.parse(body ?? {});
        control.declineNext(path, times);
        return { path, times: times ?? 1 };
      },
      "/_sandbox/decline  {path: /v2/posting/fbs/arbitration | /v2/posting/fbs/cancel, times?}",
    ],
    [
      "POST",
      /^deliveries$/,
      ({ body, control }) => control.addOwnDelivery((body ?? {}) as PostingSeed),
      "/_sandbox/deliveries  {status?, products?, ...}  (a posting the seller delivers itself)",
    ],
    ["GET", /^products$/, ({ control }) => control.products(), "/_sandbox/products"],
    ["GET", /^warehouses$/, ({ control }) => control.warehouses(), "/_sandbox/warehouses"],
    ...stockControlRoutes(),
    [
      "GET",
      /^marks\/sample$/,
      ({ control }) => ({ mark: control.sampleMark() }),
      "/_sandbox/marks/sample",
    ],
    ...unitControlRoutes(),
    ["GET", /^chats$/, ({ control }) => control.chats(), "/_sandbox/chats"],
    [
      "POST",
      /^chats$/,
      ({ body, control }) => control.addChat((body ?? {}) as { postingNumber?: string }),
      "/_sandbox/chats  {postingNumber?, status?}",
    ],
    [
      "POST",
      /^chats\/messages$/,
      ({ body, control }) => control.buyerWrites(undefined, toBuyerMessage(body)),
      "/_sandbox/chats/messages  {text? | file{name, mime?, base64?, form?}}  (a random chat)",
    ],
    [
      "POST",
      /^chats\/([^/]+)\/messages$/,
      ({ params, body, control }) => control.buyerWrites(params[0], toBuyerMessage(body)),
      "/_sandbox/chats/{chatId}/messages  {text? | file{...}}",
    ],
    [
      "POST",
      /^chats\/([^/]+)\/close-answer-window$/,
      ({ params, control }) => {
        control.closeAnswerWindow(params[0] as string);
        return { ok: true };
      },
      "/_sandbox/chats/{chatId}/close-answer-window",
    ],
    [
      "POST",
      /^premium$/,
      ({ body, control }) => {
        control.setChatPremium(z.object({ enabled: z.boolean() }).parse(body).enabled);
        return { ok: true };
      },
      "/_sandbox/premium  {enabled}",
    ],
    [
      "POST",
      /^questions$/,
      ({ body, control }) => control.addQuestion(questionSchema.parse(body ?? {})),
      "/_sandbox/questions  {sku?, text?, authorName?}  (a buyer asks on a product page)",
    ],
    ["GET", /^questions$/, ({ control }) => control.questions(), "/_sandbox/questions"],
    [
      "POST",
      /^reviews$/,
      ({ body, control }) => control.addReview(reviewSchema.parse(body ?? {})),
      "/_sandbox/reviews  {sku?, text?, rating? (1-5)}",
    ],
    ["GET", /^reviews$/, ({ control }) => control.reviews(), "/_sandbox/reviews"],
    [
      "POST",
      /^premium-plus$/,
      ({ body, control }) => {
        control.setPremiumPlus(z.object({ enabled: z.boolean() }).parse(body).enabled);
        return { ok: true };
      },
      "/_sandbox/premium-plus  {enabled}  (off: the question methods answer 403)",
    ],
    [
      "POST",
      /^reviews-subscription$/,
      ({ body, control }) => {
        control.setReviewsSubscription(z.object({ enabled: z.boolean() }).parse(body).enabled);
        return { ok: true };
      },
      "/_sandbox/reviews-subscription  {enabled}  (off: the review methods answer 403)",
    ],
    [
      "POST",
      /^retire$/,
      ({ body, control }) => {
        const parsed = z
          .object({ mode: z.union([z.literal(404), z.literal(410), z.literal(false)]).optional() })
          .parse(body ?? {});
        control.retireSpecMethods(parsed.mode ?? 404);
        return { retired: parsed.mode ?? 404 };
      },
      "/_sandbox/retire  {mode: 404 | 410 | false}",
    ],
    ...documentsControlRoutes(extras.contract),
    [
      "POST",
      /^push$/,
      ({ body }) => {
        const parsed = z
          .object({
            url: z
              .url({ protocol: /^https?$/ })
              .max(2048)
              .nullable(),
          })
          .parse(body ?? {});
        extras.setPushTarget(parsed.url ?? undefined);
        return { pushUrl: parsed.url };
      },
      "/_sandbox/push  {url: http(s) URL of the bot's push receiver | null}",
    ],
    ["GET", /^faults$/, ({ control }) => control.faults(), "/_sandbox/faults"],
    [
      "POST",
      /^faults$/,
      ({ body, query, control }) => {
        const { route, ...spec } = faultSchema.parse(body);
        if (spec.store !== undefined && !stores.find(spec.store)) {
          throw new UnknownStore(`store ${spec.store} not found`);
        }
        // `?store=` limits the fault to that store when the body names none.
        const store =
          spec.store ??
          (query.has("store") ? storeOf(query).credentials.sellerClientId : undefined);
        control.setFault(route, store === undefined ? spec : { ...spec, store });
        return control.faults();
      },
      "/_sandbox/faults  {route, latencyMs?, rate429?, retryAfterSeconds?, rate5xx?, status5xx?, rate403?, malformed?, malformedKind?, bodyChunkBytes?, bodyPauseMs?, times?, store?}",
    ],
    [
      "DELETE",
      /^faults$/,
      ({ query, control }) => {
        control.clearFaults(query.get("route") ?? undefined);
        return control.faults();
      },
      "/_sandbox/faults[?route=...]",
    ],
    ["GET", /^campaigns$/, ({ control }) => control.campaigns(), "/_sandbox/campaigns"],
    ["GET", /^reports$/, ({ control }) => control.reports(), "/_sandbox/reports"],
    [
      "POST",
      /^reports\/fail-next$/,
      ({ body, control }) => {
        const parsed = z
          .object({ uuid: z.string().optional(), text: z.string().optional() })
          .parse(body ?? {});
        control.failNextReport(parsed.uuid ?? "next", parsed.text);
        return { ok: true };
      },
      "/_sandbox/reports/fail-next  {uuid? ('next' by default), text?}",
    ],
    [
      "POST",
      /^tokens\/expire$/,
      ({ control }) => {
        control.expireTokens();
        return { ok: true };
      },
      "/_sandbox/tokens/expire",
    ],
    ...afterSaleControlRoutes(),
    ...fboControlRoutes(),
    ["GET", /^counters$/, () => extras.counters(), "/_sandbox/counters"],
    [
      "DELETE",
      /^counters$/,
      () => {
        extras.resetCounters();
        return {};
      },
      "/_sandbox/counters  (reset counters and the request log)",
    ],
    [
      "GET",
      /^requests$/,
      ({ query }) => extras.requests().slice(-Math.max(1, Number(query.get("limit") ?? 1000))),
      "/_sandbox/requests[?limit=N]",
    ],
  ];

  return {
    handleHttp(method, path, query, rawBody): Reply {
      const rest = path.replace(/^\/_sandbox\/?/, "").replace(/\/$/, "");
      let body: unknown = {};
      try {
        const text = rawBody.toString("utf8").trim();
        body = text ? parseJsonLossless(text) : {};
      } catch {
        return jsonReply({ error: "body is not valid JSON" }, 400);
      }
      let pathMatched = false;
      for (const [m, regex, handler] of routes) {
        const found = regex.exec(rest);
        if (!found) continue;
        pathMatched = true;
        if (m !== method) continue;
        try {
          const params = found.slice(1).map((p) => decodeURIComponent(p ?? ""));
          const { control } = storeOf(query);
          return jsonReply(handler({ params, body, query, control }) ?? {});
        } catch (error) {
          const message =
            error instanceof z.ZodError
              ? `invalid body: ${error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}`
              : (error as Error).message;
          return jsonReply({ error: message }, /not found/.test(message) ? 404 : 400);
        }
      }
      return jsonReply(
        { error: pathMatched ? "method not allowed" : "unknown control endpoint" },
        pathMatched ? 405 : 404,
      );
    },
  };
}
