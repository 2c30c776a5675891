/**
 * The world of a posting watcher test: the real sandbox over HTTP, the real Seller client, a store,
 * subscriptions, and a notifier that records what "Telegram accepted".
 */
import type { SellerClient } from "../../../src/ozon/seller/client.ts";
import type { Posting } from "../../../src/ozon/seller/types.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import type { DigestInfo, PostingNotifier } from "../../../src/services/postings/notifier.ts";
import {
  PostingWatcher,
  type PostingWatcherOptions,
} from "../../../src/services/postings/watcher.ts";
import { type Subscriber, SubscriptionService } from "../../../src/services/subscriptions.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

export type NotifierMethod = "alert" | "summary" | "digest" | "reminder";

export interface NotifierCall {
  method: NotifierMethod;
  chatId: number;
  /** Posting numbers the message was about (empty for a summary). */
  postings: string[];
  count?: number;
  info?: DigestInfo;
}

/** Decides what one send does: resolve (Telegram accepted), throw, or wait. */
export type Behaviour = (call: NotifierCall) => void | Promise<void>;

/** A notifier that records every accepted message; per chat, sends can be made to fail or hang. */
export class RecordingNotifier implements PostingNotifier {
  /** Messages Telegram "accepted", in order. */
  readonly delivered: NotifierCall[] = [];
  /** Every attempt, accepted or not. */
  readonly attempts: NotifierCall[] = [];
  readonly #behaviours = new Map<number, Behaviour[]>();

  /** The next send to `chatId` behaves like this (queued: call several times for several sends). */
  next(chatId: number, behaviour: Behaviour): void {
    const queue = this.#behaviours.get(chatId) ?? [];
    queue.push(behaviour);
    this.#behaviours.set(chatId, queue);
  }

  /** Messages accepted for one chat. */
  to(chatId: number): NotifierCall[] {
    return this.delivered.filter((call) => call.chatId === chatId);
  }

  /** Posting numbers announced (alerts and digests) to one chat, in order. */
  announcedTo(chatId: number): string[] {
    return this.to(chatId)
      .filter((c) => c.method === "alert" || (c.method === "digest" && c.info?.reason === "new"))
      .flatMap((c) => c.postings);
  }

  /** Posting numbers reminded to one chat. */
  remindedTo(chatId: number): string[] {
    return this.to(chatId)
      .filter(
        (c) => c.method === "reminder" || (c.method === "digest" && c.info?.reason === "reminder"),
      )
      .flatMap((c) => c.postings);
  }

  alert(subscriber: Subscriber, posting: Posting): Promise<void> {
    return this.#send({
      method: "alert",
      chatId: subscriber.chatId,
      postings: [posting.postingNumber],
    });
  }

  summary(subscriber: Subscriber, count: number): Promise<void> {
    return this.#send({ method: "summary", chatId: subscriber.chatId, postings: [], count });
  }

  digest(subscriber: Subscriber, postings: readonly Posting[], info: DigestInfo): Promise<void> {
    return this.#send({
      method: "digest",
      chatId: subscriber.chatId,
      postings: postings.map((p) => p.postingNumber),
      info,
    });
  }

  reminder(subscriber: Subscriber, posting: Posting): Promise<void> {
    return this.#send({
      method: "reminder",
      chatId: subscriber.chatId,
      postings: [posting.postingNumber],
    });
  }

  async #send(call: NotifierCall): Promise<void> {
    this.attempts.push(call);
    const behaviour = this.#behaviours.get(call.chatId)?.shift();
    if (behaviour) await behaviour(call);
    this.delivered.push(call);
  }
}

export const PRIVATE_CHAT = 1001;
export const OTHER_PRIVATE_CHAT = 1002;
export const GROUP_CHAT = -100_555;

export interface World {
  sandbox: Sandbox;
  seller: SellerClient;
  store: Store;
  /** Moved by the test; the watcher and the subscriptions share it. */
  clock: ManualClock;
  subscriptions: SubscriptionService;
  notifier: RecordingNotifier;
  watcher(overrides?: Partial<PostingWatcherOptions>): PostingWatcher;
  /** Adds an awaiting-packaging posting to the sandbox and returns its number. */
  addPosting(seed?: Parameters<Sandbox["control"]["addPosting"]>[0]): string;
  listCalls(): number;
  close(): Promise<void>;
}

export interface WorldOptions {
  sandbox?: SandboxOptions;
  store?: Store;
  /** Page size the Seller client asks for. */
  pageSize?: number;
  clock?: ManualClock;
}

export async function createWorld(options: WorldOptions = {}): Promise<World> {
  const sandbox = await startSandbox({
    initialPostings: 0,
    historyPostings: 2,
    ...options.sandbox,
  });
  const seller = sandboxSeller(sandbox, {
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
  });
  const store = options.store ?? new MemoryStore();
  const clock = options.clock ?? new ManualClock(Date.now());
  const subscriptions = new SubscriptionService(store, { now: clock.now });
  const notifier = new RecordingNotifier();
  const watchers: PostingWatcher[] = [];
  return {
    sandbox,
    seller,
    store,
    clock,
    subscriptions,
    notifier,
    watcher(overrides = {}) {
      const watcher = new PostingWatcher({
        seller,
        store,
        subscriptions,
        notifier,
        now: clock.now,
        ...overrides,
      });
      watchers.push(watcher);
      return watcher;
    },
    addPosting(seed) {
      return sandbox.control.addPosting(seed).postingNumber;
    },
    listCalls() {
      const counters = sandbox.counters();
      return Object.entries(counters)
        .filter(([route]) => route.includes("/posting/fbs/unfulfilled/list"))
        .reduce((sum, [, n]) => sum + n, 0);
    },
    async close() {
      await Promise.all(watchers.map((w) => w.stop()));
      await seller.close();
      await sandbox.close();
      await store.close();
    },
  };
}
