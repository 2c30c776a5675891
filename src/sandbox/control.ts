import { z } from "zod";
import type { FaultSpec, Faults, RoutePattern } from "./faults.ts";
import { jsonReply, type Reply } from "./http.ts";
import { parseJsonLossless } from "./json.ts";
import { expireTokens } from "./performance/auth.ts";
import { campaignJson } from "./performance/campaigns.ts";
import { reportStatusJson } from "./performance/statistics.ts";
import type { HttpMethod } from "./router.ts";
import {
  buyerWrites,
  type ChatSnapshot,
  chatSnapshot,
  createChat,
  type FileInput,
  type MessageSnapshot,
  messageSnapshot,
} from "./seller/chat-model.ts";
import { sampleMark } from "./seller/marks.ts";
import {
  createPosting,
  type PostingSeed,
  type PostingSnapshot,
  postingSnapshot,
  setStatus,
} from "./seller/posting-model.ts";
import type { ControlSurface } from "./server.ts";
import { POSTING_STATUSES, type PostingStatus, type SandboxState } from "./state.ts";

export type { ChatSnapshot, MessageSnapshot, PostingSeed, PostingSnapshot };

export interface BuyerMessageInput {
  text?: string;
  file?: FileInput;
}

export type CampaignSnapshot = ReturnType<typeof campaignJson> & { objects: string[] };
export type ReportSnapshot = ReturnType<typeof reportStatusJson>;

export interface ProductSnapshot {
  sku: number;
  productId: number;
  offerId: string;
  name: string;
  price: string;
  category: string;
  markRequired: boolean;
}

export interface WarehouseSnapshot {
  id: number;
  name: string;
  isRfbs: boolean;
  deliveryMethods: Array<{ id: number; name: string; tplProvider: string; tplProviderId: number }>;
}

/** In-process control for tests and benchmarks; every method has an HTTP twin under /_sandbox/. */
export interface SandboxControl {
  // Postings
  addPosting(partial?: PostingSeed): PostingSnapshot;
  setPostingStatus(postingNumber: string, status: PostingStatus): PostingSnapshot;
  failNextShip(postingNumber: string): void;
  postings(): PostingSnapshot[];
  posting(postingNumber: string): PostingSnapshot | undefined;
  products(): ProductSnapshot[];
  warehouses(): WarehouseSnapshot[];
  /** A mandatory mark the sandbox accepts as valid. */
  sampleMark(): string;
  // Chats
  buyerWrites(chatId?: string, message?: BuyerMessageInput): MessageSnapshot;
  addChat(options?: { postingNumber?: string; status?: "OPENED" | "CLOSED" }): ChatSnapshot;
  setChatPremium(enabled: boolean): void;
  closeAnswerWindow(chatId: string): void;
  chats(): ChatSnapshot[];
  chat(chatId: string): ChatSnapshot | undefined;
  // Performance
  campaigns(): CampaignSnapshot[];
  campaign(id: string): CampaignSnapshot | undefined;
  reports(): ReportSnapshot[];
  report(uuid: string): ReportSnapshot | undefined;
  /** The job `uuid` (or, with 'next', the next submitted one) ends in ERROR with `text`. */
  failNextReport(uuidOrNext: string, text?: string): void;
  expireTokens(): void;
  // Switches
  retireSpecMethods(mode: false | 404 | 410): void;
  setFault(route: RoutePattern, fault: FaultSpec): void;
  clearFaults(route?: RoutePattern): void;
  faults(): Array<{ pattern: string; spec: FaultSpec; remaining: number | undefined }>;
  snapshot(): SandboxSnapshot;
}

export interface SandboxSnapshot {
  postings: PostingSnapshot[];
  chats: ChatSnapshot[];
  campaigns: CampaignSnapshot[];
  reports: ReportSnapshot[];
  chatPremium: boolean;
  retired: false | 404 | 410;
}

export function createControl(state: SandboxState, faults: Faults): SandboxControl {
  const postingOrThrow = (n: string) => {
    const p = state.postings.get(n);
    if (!p) throw new Error(`posting ${n} not found`);
    return p;
  };
  const chatOrThrow = (id: string) => {
    const c = state.chats.get(id);
    if (!c) throw new Error(`chat ${id} not found`);
    return c;
  };
  const campaignSnapshot = (id: string): CampaignSnapshot | undefined => {
    const c = state.campaigns.get(id);
    return c ? { ...campaignJson(c), objects: [...c.objects] } : undefined;
  };
  const control: SandboxControl = {
    addPosting: (partial) => postingSnapshot(createPosting(state, partial)),
    setPostingStatus(postingNumber, status) {
      if (!POSTING_STATUSES.includes(status)) throw new Error(`unknown posting status ${status}`);
      const p = postingOrThrow(postingNumber);
      setStatus(state, p, status);
      return postingSnapshot(p);
    },
    failNextShip(postingNumber) {
      postingOrThrow(postingNumber).failNextShip = true;
    },
    postings: () => [...state.postings.values()].map(postingSnapshot),
    posting(n) {
      const p = state.postings.get(n);
      return p ? postingSnapshot(p) : undefined;
    },
    products: () =>
      state.products.map((p) => ({
        sku: p.sku,
        productId: p.productId,
        offerId: p.offerId,
        name: p.name,
        price: p.price,
        category: p.category,
        markRequired: p.markRequired,
      })),
    warehouses: () =>
      state.warehouses.map((w) => ({
        id: w.id,
        name: w.name,
        isRfbs: w.isRfbs,
        deliveryMethods: state.deliveryMethods
          .filter((m) => m.warehouseId === w.id)
          .map((m) => ({
            id: m.id,
            name: m.name,
            tplProvider: m.tplProvider,
            tplProviderId: m.tplProviderId,
          })),
      })),
    sampleMark: () => sampleMark(state.activity),
    buyerWrites: (chatId, message) =>
      messageSnapshot(state, buyerWrites(state, chatId, message ?? {})),
    addChat(options = {}) {
      if (options.postingNumber) postingOrThrow(options.postingNumber);
      return chatSnapshot(
        state,
        createChat(state, { postingNumber: options.postingNumber, status: options.status }),
      );
    },
    setChatPremium(enabled) {
      state.chatPremium = enabled;
    },
    closeAnswerWindow(chatId) {
      chatOrThrow(chatId).answerWindowClosed = true;
    },
    chats: () => [...state.chats.values()].map((c) => chatSnapshot(state, c)),
    chat(chatId) {
      const c = state.chats.get(chatId);
      return c ? chatSnapshot(state, c) : undefined;
    },
    campaigns: () => [...state.campaigns.keys()].flatMap((id) => campaignSnapshot(id) ?? []),
    campaign: (id) => campaignSnapshot(id),
    reports: () => [...state.reports.values()].map((job) => reportStatusJson(state, job)),
    report(uuid) {
      const job = state.reports.get(uuid);
      return job ? reportStatusJson(state, job) : undefined;
    },
    failNextReport(uuidOrNext, text = "report generation failed") {
      if (uuidOrNext === "next") {
        state.failNextReportText = text;
        return;
      }
      const job = state.reports.get(uuidOrNext);
      if (!job) throw new Error(`report ${uuidOrNext} not found`);
      job.failText = text;
    },
    expireTokens: () => expireTokens(state),
    retireSpecMethods(mode) {
      if (mode !== false && mode !== 404 && mode !== 410)
        throw new Error("mode must be 404, 410 or false");
      state.retireMode = mode;
    },
    setFault: (route, fault) => faults.set(route, fault),
    clearFaults: (route) => faults.clear(route),
    faults: () => faults.list(),
    snapshot: () => ({
      postings: control.postings(),
      chats: control.chats(),
      campaigns: control.campaigns(),
      reports: control.reports(),
      chatPremium: state.chatPremium,
      retired: state.retireMode,
    }),
  };
  return control;
}

// ---- HTTP twin under /_sandbox/ ---------------------------------------------------------------

export interface HttpControlExtras {
  counters(): Record<string, number>;
  resetCounters(): void;
  requests(): ReadonlyArray<unknown>;
  info(): Record<string, unknown>;
}

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
});

type ControlHandler = (args: {
  params: string[];
  body: unknown;
  query: URLSearchParams;
}) => unknown;

export function createHttpControl(
  control: SandboxControl,
  extras: HttpControlExtras,
): ControlSurface {
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
      "/_sandbox/",
    ],
    ["GET", /^state$/, () => control.snapshot(), "/_sandbox/state"],
    ["GET", /^postings$/, () => control.postings(), "/_sandbox/postings"],
    [
      "POST",
      /^postings$/,
      ({ body }) => control.addPosting((body ?? {}) as PostingSeed),
      "/_sandbox/postings  {products?, status?, warehouseId?, ...}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/status$/,
      ({ params, body }) =>
        control.setPostingStatus(
          params[0] as string,
          z.object({ status: z.string() }).parse(body).status as PostingStatus,
        ),
      "/_sandbox/postings/{postingNumber}/status  {status}",
    ],
    [
      "POST",
      /^postings\/([^/]+)\/fail-next-ship$/,
      ({ params }) => {
        control.failNextShip(params[0] as string);
        return { ok: true };
      },
      "/_sandbox/postings/{postingNumber}/fail-next-ship",
    ],
    ["GET", /^products$/, () => control.products(), "/_sandbox/products"],
    ["GET", /^warehouses$/, () => control.warehouses(), "/_sandbox/warehouses"],
    ["GET", /^marks\/sample$/, () => ({ mark: control.sampleMark() }), "/_sandbox/marks/sample"],
    ["GET", /^chats$/, () => control.chats(), "/_sandbox/chats"],
    [
      "POST",
      /^chats$/,
      ({ body }) => control.addChat((body ?? {}) as { postingNumber?: string }),
      "/_sandbox/chats  {postingNumber?, status?}",
    ],
    [
      "POST",
      /^chats\/messages$/,
      ({ body }) => control.buyerWrites(undefined, toBuyerMessage(body)),
      "/_sandbox/chats/messages  {text? | file{name, mime?, base64?, form?}}  (a random chat)",
    ],
    [
      "POST",
      /^chats\/([^/]+)\/messages$/,
      ({ params, body }) => control.buyerWrites(params[0], toBuyerMessage(body)),
      "/_sandbox/chats/{chatId}/messages  {text? | file{...}}",
    ],
    [
      "POST",
      /^chats\/([^/]+)\/close-answer-window$/,
      ({ params }) => {
        control.closeAnswerWindow(params[0] as string);
        return { ok: true };
      },
      "/_sandbox/chats/{chatId}/close-answer-window",
    ],
    [
      "POST",
      /^premium$/,
      ({ body }) => {
        control.setChatPremium(z.object({ enabled: z.boolean() }).parse(body).enabled);
        return { ok: true };
      },
      "/_sandbox/premium  {enabled}",
    ],
    [
      "POST",
      /^retire$/,
      ({ body }) => {
        const parsed = z
          .object({ mode: z.union([z.literal(404), z.literal(410), z.literal(false)]).optional() })
          .parse(body ?? {});
        control.retireSpecMethods(parsed.mode ?? 404);
        return { retired: parsed.mode ?? 404 };
      },
      "/_sandbox/retire  {mode: 404 | 410 | false}",
    ],
    ["GET", /^faults$/, () => control.faults(), "/_sandbox/faults"],
    [
      "POST",
      /^faults$/,
      ({ body }) => {
        const { route, ...spec } = faultSchema.parse(body);
        control.setFault(route, spec);
        return control.faults();
      },
      "/_sandbox/faults  {route, latencyMs?, rate429?, retryAfterSeconds?, rate5xx?, status5xx?, malformed?, malformedKind?, bodyChunkBytes?, bodyPauseMs?, times?}",
    ],
    [
      "DELETE",
      /^faults$/,
      ({ query }) => {
        control.clearFaults(query.get("route") ?? undefined);
        return control.faults();
      },
      "/_sandbox/faults[?route=...]",
    ],
    ["GET", /^campaigns$/, () => control.campaigns(), "/_sandbox/campaigns"],
    ["GET", /^reports$/, () => control.reports(), "/_sandbox/reports"],
    [
      "POST",
      /^reports\/fail-next$/,
      ({ body }) => {
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
      () => {
        control.expireTokens();
        return { ok: true };
      },
      "/_sandbox/tokens/expire",
    ],
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
          return jsonReply(handler({ params, body, query }) ?? {});
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
