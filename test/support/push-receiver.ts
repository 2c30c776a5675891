/**
 * The Ozon push receiver over real node:http with its queue and dispatcher, as main.ts wires
 * them, for tests that push junk or real events at it (the sandbox's push sender included).
 *
 * ```ts
 * const push = await startPushReceiver({ store, shops: { [clientId]: "shop-1" }, passFor });
 * sandbox.setPushTarget(push.url);
 * await push.post(JSON.stringify({ message_type: "TYPE_NEW_POSTING", ... }));
 * await push.close();
 * ```
 */
import type { Server } from "node:http";
import { closeServer, createHttpServer, listen } from "../../src/server/http.ts";
import { ozonPushRoute } from "../../src/server/ozon-push.ts";
import { PushDispatcher, type PushPass } from "../../src/services/push/dispatcher.ts";
import type { PushArea } from "../../src/services/push/events.ts";
import { PushQueue } from "../../src/services/push/queue.ts";
import type { Store } from "../../src/store/port.ts";
import { captureLogger } from "../ozon/support/logger.ts";

export interface PushReceiverSetup {
  store: Store;
  /** Client-Id (seller_id) → shop id of the shops the bot serves. */
  shops: Record<string, string>;
  passFor?(shopId: string, area: PushArea): PushPass | undefined;
  allow?: string[];
  now?: () => number;
  /** Run the dispatcher's loop (default); false: the test drives it with runOnce(). */
  startDispatcher?: boolean;
}

export interface PushReceiver {
  url: string;
  queue: PushQueue;
  dispatcher: PushDispatcher;
  /** Every log line the receiver and the dispatcher wrote. */
  lines: Record<string, unknown>[];
  post(body: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startPushReceiver(setup: PushReceiverSetup): Promise<PushReceiver> {
  const now = setup.now ?? Date.now;
  const { logger, lines } = captureLogger();
  const queue = new PushQueue(setup.store, now);
  const shopIds = new Set(Object.values(setup.shops));
  const dispatcher = new PushDispatcher({
    queue,
    knows: (shopId) => shopIds.has(shopId),
    passFor: (shopId, area) => setup.passFor?.(shopId, area),
    logger,
    now,
  });
  const server: Server = createHttpServer(
    [
      ozonPushRoute({
        path: "/ozon/push",
        queue,
        shopOf: (sellerId) => {
          const id = setup.shops[sellerId];
          return id === undefined ? undefined : { id, paused: false };
        },
        onQueued: (shopId, area) => dispatcher.wake(shopId, area),
        allow: setup.allow ?? [],
        version: "1.0.0",
        name: "@push_test_bot",
        logger,
        now: () => new Date(now()),
      }),
    ],
    logger,
  );
  const port = await listen(server, 0, "127.0.0.1");
  if (setup.startDispatcher ?? true) dispatcher.start();
  const url = `http://127.0.0.1:${port}/ozon/push`;
  return {
    url,
    queue,
    dispatcher,
    lines,
    async post(body, headers = {}) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      await dispatcher.stop();
      await closeServer(server, 1_000);
    },
  };
}

/** A junk event for `sellerId`: a posting or chat event naming something made up by `n`. */
export function junkPush(sellerId: string | number, n: number): string {
  return n % 2 === 0
    ? JSON.stringify({
        message_type: "TYPE_NEW_POSTING",
        posting_number: `0000${n}-0000-1`,
        seller_id: sellerId,
      })
    : JSON.stringify({
        message_type: "TYPE_NEW_MESSAGE",
        chat_id: `junk-chat-${n}`,
        chat_type: "Buyer_Seller",
        seller_id: sellerId,
      });
}

/** Junk of every kind: events for the served seller, for sellers not served, broken bodies. */
export function junkMix(from: number, count: number, servedSellerId: string): string[] {
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    switch (n % 4) {
      case 0:
      case 1:
        return junkPush(servedSellerId, n);
      case 2:
        return junkPush(String(900_000 + n), n);
      default:
        return n % 8 === 3 ? `{"message_type": ${n}` : `not json ${n}`;
    }
  });
}

/**
 * Posts `bodies` to `url` with `parallel` requests in flight (a body not starting with "{" goes
 * as text/plain); the answers' statuses, 0 when the bot could not be reached.
 */
export async function postAll(url: string, bodies: readonly string[], parallel = 40) {
  const statuses: number[] = new Array(bodies.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < bodies.length) {
        const i = next++;
        const body = bodies[i] as string;
        const type = body.startsWith("{") ? "application/json" : "text/plain";
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": type },
            body,
          });
          await response.arrayBuffer();
          statuses[i] = response.status;
        } catch {
          statuses[i] = 0;
        }
      }
    }),
  );
  return statuses;
}
