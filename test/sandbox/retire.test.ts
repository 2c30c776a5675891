import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type Answer, control, getToken, perf, seller } from "./helpers.ts";

let sb: Sandbox;
let token: string;
beforeAll(async () => {
  // Retiring is the seed sandbox's switch (today's rules answer 404 for these forms anyway).
  sb = await startSandbox({ seed: 3, retireSpecMethods: 404, rules: "seed" });
  token = await getToken(sb);
});
afterAll(() => sb.close());

const chatId = () => sb.control.chats()[0]?.id ?? "";
/** A fresh posting of a product that needs no mandatory mark. */
const posting = () => {
  const sku = sb.control.products().find((p) => !p.markRequired)?.sku;
  return sb.control.addPosting({ products: [{ sku, quantity: 1 }] });
};
const campaignId = () =>
  sb.control.campaigns().find((c) => c.state !== "CAMPAIGN_STATE_ARCHIVED")?.id ?? "";

/** The spec forms that have a successor, each with a valid request. */
const specForms: Array<[string, () => Promise<Answer>]> = [
  [
    "POST /v3/posting/fbs/unfulfilled/list",
    () =>
      // Today's documents still list this form: its body as they have it (a cutoff window).
      seller(sb, "/v3/posting/fbs/unfulfilled/list", {
        limit: 10,
        offset: 0,
        filter: { cutoff_from: "2026-01-01T00:00:00Z", cutoff_to: "2027-12-31T00:00:00Z" },
      }),
  ],
  [
    "POST /v2/posting/fbs/ship",
    () => {
      const p = posting();
      return seller(sb, "/v2/posting/fbs/ship", {
        posting_number: p.postingNumber,
        packages: [{ items: p.products.map((x) => ({ sku: x.sku, quantity: x.quantity })) }],
      });
    },
  ],
  [
    "POST /v2/posting/fbs/product/mandatory-mark/is-required",
    () => {
      const sku = sb.control.products().find((p) => p.markRequired)?.sku;
      return seller(sb, "/v2/posting/fbs/product/mandatory-mark/is-required", { sku: [sku] });
    },
  ],
  [
    "POST /v2/posting/fbs/product/mandatory-mark/validate",
    () =>
      seller(sb, "/v2/posting/fbs/product/mandatory-mark/validate", {
        mandatory_mark: [sb.control.sampleMark()],
      }),
  ],
  ["POST /v1/chat/list", () => seller(sb, "/v1/chat/list", { page: 1, page_size: 10 })],
  ["POST /v1/chat/history", () => seller(sb, "/v1/chat/history", { chat_id: chatId() })],
  ["POST /v1/chat/updates", () => seller(sb, "/v1/chat/updates", { chat_id: chatId() })],
  [
    "PUT /api/client/campaign/{id}/daily_budget",
    () =>
      perf(sb, "PUT", `/api/client/campaign/${campaignId()}/daily_budget`, {
        token,
        body: { dailyBudget: "900000000" },
      }),
  ],
];

const successors: Array<[string, () => Promise<Answer>]> = [
  [
    "POST /v6/fbs/posting/product/exemplar/create-or-get",
    () =>
      seller(sb, "/v6/fbs/posting/product/exemplar/create-or-get", {
        posting_number: posting().postingNumber,
      }),
  ],
  [
    "POST /v4/posting/fbs/unfulfilled/list",
    () => seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: 10 }),
  ],
  ["POST /v3/chat/list", () => seller(sb, "/v3/chat/list", { limit: 10 })],
  ["POST /v3/chat/history", () => seller(sb, "/v3/chat/history", { chat_id: chatId() })],
  ["POST /v2/chat/read", () => seller(sb, "/v2/chat/read", { chat_id: chatId() })],
  [
    "PATCH /api/client/campaign/{id}",
    () =>
      perf(sb, "PATCH", `/api/client/campaign/${campaignId()}`, {
        token,
        body: { dailyBudget: "900000000" },
      }),
  ],
];

describe("retired spec forms", () => {
  it.each(specForms)("%s answers 404 obsolete method when retired by option", async (_, call) => {
    const res = await call();
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 5, message: "obsolete method" });
  });

  it.each(successors)("%s keeps working", async (_, call) => {
    expect((await call()).status).toBe(200);
  });

  it("switches to 410 and back through the control", async () => {
    sb.control.retireSpecMethods(410);
    for (const [, call] of specForms) expect((await call()).status).toBe(410);
    sb.control.retireSpecMethods(false);
    for (const [name, call] of specForms)
      expect([name, (await call()).status]).toEqual([name, 200]);
  });

  it("switches through the HTTP control surface", async () => {
    expect((await control(sb, "POST", "/retire", { mode: 410 })).status).toBe(200);
    expect((await seller(sb, "/v1/chat/list", {})).status).toBe(410);
    await control(sb, "POST", "/retire", { mode: false });
    expect((await seller(sb, "/v1/chat/list", {})).status).toBe(200);
  });

  it("retires before auth, like a removed path", async () => {
    sb.control.retireSpecMethods(404);
    const res = await seller(sb, "/v1/chat/list", {}, { "Content-Type": "application/json" });
    expect(res.status).toBe(404);
    sb.control.retireSpecMethods(false);
  });
});
