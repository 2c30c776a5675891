/**
 * The Ozon push receiver over real node:http: Ozon's answers for a ping and an event, its error
 * shape for everything wrong, nothing kept unless the answer says so, and the allow-list.
 */
import { request, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer, createHttpServer, listen } from "../../src/server/http.ts";
import { MAX_PUSH_BYTES, ozonPushRoute } from "../../src/server/ozon-push.ts";
import { PushQueue } from "../../src/services/push/queue.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { captureLogger } from "../ozon/support/logger.ts";

const SHOP = "1234567";
let server: Server | undefined;
afterEach(async () => {
  if (server) await closeServer(server, 1_000);
  server = undefined;
});

interface Setup {
  store?: Store;
  allow?: string[];
  trustProxy?: boolean;
  paused?: boolean;
}

async function serve(setup: Setup = {}) {
  const store = setup.store ?? new MemoryStore();
  const queue = new PushQueue(store);
  let woken = 0;
  const { logger } = captureLogger();
  server = createHttpServer(
    [
      ozonPushRoute({
        path: "/ozon/push",
        queue,
        shopOf: (id) => (id === SHOP ? { id: SHOP, paused: setup.paused ?? false } : undefined),
        onQueued: () => {
          woken += 1;
        },
        allow: setup.allow ?? [],
        trustProxy: setup.trustProxy ?? false,
        version: "1.2.3",
        name: "@ozon_test_bot",
        logger,
        now: () => new Date("2026-11-23T10:00:00.000Z"),
      }),
    ],
    logger,
  );
  const port = await listen(server, 0, "127.0.0.1");
  const url = `http://127.0.0.1:${port}/ozon/push`;
  const post = async (body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    return {
      status: response.status,
      json: (await response.json()) as { error?: { code: string; message: string } },
      type: response.headers.get("content-type"),
    };
  };
  return { store, queue, post, url, woken: () => woken };
}

const newPosting = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    message_type: "TYPE_NEW_POSTING",
    posting_number: "24219509-0020-1",
    products: [{ sku: 147451959, quantity: 2 }],
    in_process_at: "2026-11-23T09:59:00Z",
    warehouse_id: 18850503335000,
    seller_id: Number(SHOP),
    ...fields,
  });

describe("Ozon push receiver", () => {
  it("answers Ozon's ping with version, name and the time in UTC, as JSON", async () => {
    const push = await serve();
    const answer = await push.post(
      JSON.stringify({ message_type: "TYPE_PING", time: "2026-11-23T10:00:00Z" }),
    );
    expect(answer).toEqual({
      status: 200,
      json: { version: "1.2.3", name: "@ozon_test_bot", time: "2026-11-23T10:00:00.000Z" },
      type: "application/json; charset=utf-8",
    });
  });

  it("acknowledges an event only once its hint is kept, and wakes the dispatcher", async () => {
    const push = await serve();
    expect(await push.post(newPosting())).toMatchObject({ status: 200, json: { result: true } });
    const waiting = await push.queue.pending(SHOP, "postings");
    expect(waiting.map((w) => w.hint)).toEqual([
      expect.objectContaining({
        shopId: SHOP,
        area: "postings",
        type: "TYPE_NEW_POSTING",
        subject: "24219509-0020-1",
      }),
    ]);
    expect(push.woken()).toBe(1);
    // A buyer message with seller_id as a string, as some of Ozon's examples send it.
    const message = JSON.stringify({
      message_type: "TYPE_NEW_MESSAGE",
      chat_id: "b646d975-0c9c-4872-9f41-8b1e57181063",
      chat_type: "Buyer_Seller",
      message_id: "3000000000817031942",
      data: ["Здравствуйте"],
      seller_id: SHOP,
    });
    expect((await push.post(message)).status).toBe(200);
    expect(await push.queue.areasWaiting()).toEqual([
      { shopId: SHOP, area: "chats" },
      { shopId: SHOP, area: "postings" },
    ]);
  });

  it("says an exact repeat was received before, and keeps it once", async () => {
    const push = await serve();
    expect((await push.post(newPosting())).status).toBe(200);
    const again = await push.post(newPosting());
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe("ERROR_REQUEST_DUPLICATED");
    expect(await push.queue.pending(SHOP, "postings")).toHaveLength(1);
  });

  it("refuses what is wrong with Ozon's error shape and keeps nothing", async () => {
    const push = await serve();
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ["{not json", {}, 400, "ERROR_UNKNOWN"],
      [newPosting(), { "content-type": "text/plain" }, 415, "ERROR_UNKNOWN"],
      [JSON.stringify({ seller_id: SHOP }), {}, 400, "ERROR_PARAMETER_VALUE_MISSED"],
      [newPosting({ posting_number: undefined }), {}, 400, "ERROR_PARAMETER_VALUE_MISSED"],
      [newPosting({ seller_id: undefined }), {}, 400, "ERROR_PARAMETER_VALUE_MISSED"],
      [JSON.stringify([1, 2]), {}, 400, "ERROR_PARAMETER_VALUE_MISSED"],
    ];
    for (const [body, headers, status, code] of cases) {
      const answer = await push.post(body, headers);
      expect({ body, status: answer.status, code: answer.json.error?.code }).toEqual({
        body,
        status,
        code,
      });
      expect(typeof answer.json.error?.message).toBe("string");
      expect(answer.type).toBe("application/json; charset=utf-8");
    }
    expect(await push.store.list("push:queue:")).toEqual([]);
  });

  it("cuts a huge body off, with or without Content-Length", async () => {
    const push = await serve();
    const huge = newPosting({ padding: "x".repeat(MAX_PUSH_BYTES) });
    const declared = await push.post(huge);
    expect(declared.status).toBe(413);
    // Chunked: no Content-Length, the reader stops at the cap.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        push.url,
        { method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      for (let i = 0; i < 20; i++) req.write("x".repeat(16 * 1024));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(await push.store.list("push:queue:")).toEqual([]);
  });

  it("acknowledges events it does not act on, and those of a paused store, keeping nothing", async () => {
    // (Stock pushes are acted on since the stock watcher: an item's card change is not.)
    const stocks = JSON.stringify({ message_type: "TYPE_CREATE_OR_UPDATE_ITEM", seller_id: SHOP });
    const active = await serve();
    expect((await active.post(stocks)).json).toEqual({ result: true });
    expect(await active.store.list("")).toEqual([]); // no key at all, queued or not
    expect(active.woken()).toBe(0);
    await closeServer(server as Server, 1_000);

    const paused = await serve({ paused: true });
    expect((await paused.post(stocks)).json).toEqual({ result: true });
    expect((await paused.post(newPosting())).json).toEqual({ result: true });
    expect(await paused.store.list("")).toEqual([]);
    expect(paused.woken()).toBe(0);
  });

  it("answers 503 within its deadline when the store does not answer, keeping nothing", async () => {
    const store = new MemoryStore();
    const stuck = Object.create(store) as MemoryStore;
    stuck.setIfAbsent = () => new Promise<boolean>(() => {});
    const push = await serve({ store: stuck });
    const started = Date.now();
    const answer = await push.post(newPosting());
    expect(answer.status).toBe(503);
    expect(answer.json.error?.code).toBe("ERROR_UNKNOWN");
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(await store.list("")).toEqual([]);
    expect(push.woken()).toBe(0);
  });

  it("takes pushes only from allowed networks; X-Forwarded-For counts only behind a trusted proxy", async () => {
    const direct = await serve({ allow: ["195.34.21.0/24"] });
    expect((await direct.post(newPosting(), { "x-forwarded-for": "195.34.21.7" })).status).toBe(
      403,
    );
    await closeServer(server as Server, 1_000);

    const proxied = await serve({ allow: ["195.34.21.0/24", "91.223.93.0/24"], trustProxy: true });
    expect((await proxied.post(newPosting(), { "x-forwarded-for": "195.34.21.7" })).status).toBe(
      200,
    );
    // The proxy appends the real peer last; what the client wrote before it proves nothing.
    expect(
      (
        await proxied.post(newPosting({ posting_number: "1-1-1" }), {
          "x-forwarded-for": "195.34.21.7, 10.0.0.5",
        })
      ).status,
    ).toBe(403);
    await closeServer(server as Server, 1_000);

    const local = await serve({ allow: ["127.0.0.0/8"] });
    expect((await local.post(newPosting())).status).toBe(200);
  });
});
