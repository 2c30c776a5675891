import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { control, getToken, perf, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 2, reportStepMs: 20, maxConcurrentReports: 10 });
});
afterAll(() => sb.close());

const plainSku = () => sb.control.products().find((p) => !p.markRequired)?.sku;

describe("HTTP control surface", () => {
  it("describes itself with the URL, credentials and endpoints", async () => {
    const res = await control(sb, "GET", "/");
    expect(res.status).toBe(200);
    expect(res.json.url).toBe(sb.url);
    expect(res.json.credentials).toEqual(SANDBOX_CREDENTIALS);
    expect(res.json.endpoints).toEqual(
      expect.arrayContaining([expect.stringContaining("/_sandbox/postings")]),
    );
  });

  it("adds a posting and makes its next ship fail", async () => {
    const added = await control(sb, "POST", "/postings", {
      products: [{ sku: plainSku(), quantity: 1 }],
    });
    expect(added.status).toBe(200);
    const number = added.json.postingNumber as string;
    const listed = await seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: 100 });
    expect(listed.json.postings.map((p: { posting_number: string }) => p.posting_number)).toContain(
      number,
    );
    expect((await control(sb, "POST", `/postings/${number}/fail-next-ship`)).status).toBe(200);
    await seller(sb, "/v4/posting/fbs/ship", {
      posting_number: number,
      packages: [{ products: [{ product_id: plainSku(), quantity: 1 }] }],
    });
    expect(sb.control.posting(number)?.substatus).toBe("ship_failed");
    const status = await control(sb, "POST", `/postings/${number}/status`, { status: "delivered" });
    expect(status.json.status).toBe("delivered");
    expect(
      (await control(sb, "POST", `/postings/${number}/status`, { status: "lost" })).status,
    ).toBe(400);
  });

  it("lets a buyer write text or a file, into a given or a random chat", async () => {
    const chat = sb.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    if (!chat) throw new Error("no open chat");
    const text = await control(sb, "POST", `/chats/${chat.id}/messages`, { text: "Добрый день!" });
    expect(text.json).toMatchObject({ chatId: chat.id, author: "buyer", text: "Добрый день!" });
    const history = await seller(sb, "/v3/chat/history", { chat_id: chat.id, limit: 1 });
    expect(history.json.messages[0].data).toEqual(["Добрый день!"]);
    const file = await control(sb, "POST", `/chats/${chat.id}/messages`, {
      file: {
        name: "чек.pdf",
        base64: Buffer.from("%PDF-1.4 чек").toString("base64"),
        form: "file",
      },
    });
    expect(file.json.file).toMatchObject({
      name: "чек.pdf",
      mime: "application/pdf",
      form: "file",
    });
    const random = await control(sb, "POST", "/chats/messages", {});
    expect(random.json.author).toBe("buyer");
    expect((await control(sb, "POST", "/chats/unknown-chat/messages", { text: "x" })).status).toBe(
      404,
    );
  });

  it("switches Premium, the answer window, report failure and tokens", async () => {
    const chat = sb.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    if (!chat) throw new Error("no open chat");
    await control(sb, "POST", "/premium", { enabled: false });
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "a" })).status,
    ).toBe(403);
    await control(sb, "POST", "/premium", { enabled: true });
    await control(sb, "POST", `/chats/${chat.id}/close-answer-window`);
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "a" })).status,
    ).toBe(400);

    const token = await getToken(sb);
    await control(sb, "POST", "/reports/fail-next", { text: "нет данных" });
    const id = sb.control.campaigns()[0]?.id;
    const submitted = await perf(sb, "POST", "/api/client/statistics", {
      token,
      body: { campaigns: [id], dateFrom: "2026-04-01", dateTo: "2026-04-01" },
    });
    const failed = await waitFor(
      async () => {
        const reports = await control(sb, "GET", "/reports");
        const job = reports.json.find((r: { uuid: string }) => r.uuid === submitted.json.UUID);
        return job?.state === "ERROR" ? job : undefined;
      },
      { message: "the report to fail" },
    );
    expect(failed.error).toBe("нет данных");

    await control(sb, "POST", "/tokens/expire");
    expect((await perf(sb, "GET", "/api/client/campaign", { token })).status).toBe(401);
  });

  it("refuses unknown endpoints and bad bodies", async () => {
    expect((await control(sb, "GET", "/nothing")).status).toBe(404);
    expect((await control(sb, "POST", "/premium", { enabled: "yes" })).status).toBe(400);
    expect((await control(sb, "PUT", "/premium", { enabled: true })).status).toBe(405);
  });
});

describe("request log and counters", () => {
  it("counts API requests per METHOD path, not control requests, and resets", async () => {
    sb.resetCounters();
    expect(sb.counters()).toEqual({});
    await seller(sb, "/v2/warehouse/list", { limit: 200 });
    await seller(sb, "/v2/warehouse/list", { limit: 200 }, { "Content-Type": "application/json" });
    await control(sb, "GET", "/state");
    expect(sb.counters()).toEqual({ "POST /v2/warehouse/list": 2 });
    expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["POST", "/v2/warehouse/list", 200],
      ["POST", "/v2/warehouse/list", 401],
    ]);
    expect(sb.requests[0]?.at).toBeGreaterThan(Date.now() - 10_000);
    const viaHttp = await control(sb, "GET", "/counters");
    expect(viaHttp.json).toEqual({ "POST /v2/warehouse/list": 2 });
    expect((await control(sb, "GET", "/requests")).json).toHaveLength(2);
    await control(sb, "DELETE", "/counters");
    expect(sb.counters()).toEqual({});
    expect(sb.requests).toHaveLength(0);
  });

  it("logs the route pattern of parameterised paths", async () => {
    sb.resetCounters();
    const token = await getToken(sb);
    await perf(sb, "GET", "/api/client/statistics/00000000-0000-4000-8000-000000000000", { token });
    expect(sb.requests.at(-1)).toMatchObject({
      status: 404,
      route: "/api/client/statistics/{uuid}",
    });
  });
});

describe("determinism", () => {
  it("the same seed gives the same shop; another seed another", async () => {
    const a = await startSandbox({ seed: 99 });
    const b = await startSandbox({ seed: 99 });
    const c = await startSandbox({ seed: 100 });
    try {
      const shape = (s: Sandbox) =>
        s.control
          .postings()
          .map((p) => [p.postingNumber, p.products.map((x) => [x.sku, x.quantity, x.price])]);
      expect(shape(a)).toEqual(shape(b));
      expect(shape(a)).not.toEqual(shape(c));
      // The chats as listed, apart from when they were made (the sandbox's start, to the ms).
      const chats = async (s: Sandbox) => {
        const listed = await seller(s, "/v3/chat/list", { limit: 100 });
        expect(listed.status).toBe(200);
        return listed.text.replace(/"created_at":"[^"]*"/g, "");
      };
      expect(await chats(a)).toBe(await chats(b));
      expect(await chats(a)).not.toBe(await chats(c));
      expect(a.control.campaigns().map((x) => x.id)).toEqual(
        b.control.campaigns().map((x) => x.id),
      );
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it("close() is idempotent and frees the port", async () => {
    const s = await startSandbox();
    await s.close();
    await s.close();
    await expect(fetch(`${s.url}/_sandbox/`)).rejects.toThrow(/fetch failed/);
  });
});
