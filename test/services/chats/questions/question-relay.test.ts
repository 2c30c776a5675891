/**
 * The question poller against the sandbox over HTTP: the first pass starts from now, each new
 * question and review is handed over once, a failed hand-over comes again on the next pass, and
 * two processes sharing Redis (each with its fenced lease) relay every question once.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { ProductQuestion, ProductReview } from "../../../../src/ozon/seller/questions.ts";
import { type Sandbox, startSandbox } from "../../../../src/sandbox/index.ts";
import {
  QUESTION_LEASE_NAME,
  type QuestionNotifier,
  QuestionRelay,
} from "../../../../src/services/chats/questions/question-relay.ts";
import { fencedLease } from "../../../../src/store/fenced-store.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { sandboxSeller } from "../../../support/sandbox-seller.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

class Recorder implements QuestionNotifier {
  readonly questions: string[] = [];
  readonly reviews: string[] = [];
  failNext = false;
  premium = 0;

  async relayQuestion(question: ProductQuestion) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error("Telegram is down");
    }
    this.questions.push(question.text);
    return [{ chatId: 1, messageId: this.questions.length }];
  }

  async relayReview(review: ProductReview) {
    this.reviews.push(`${review.rating}: ${review.text}`);
    return [];
  }

  async premiumMissing() {
    this.premium++;
  }
}

function poller(
  s: Sandbox,
  store: Store,
  notifier: QuestionNotifier,
  lease: false | object = false,
) {
  return new QuestionRelay({
    api: sandboxSeller(s, { retry: { maxAttempts: 1 } }).questions,
    store,
    notifier,
    remember: async () => undefined,
    lease: lease as false,
  });
}

describe("QuestionRelay", () => {
  it("starts from now, relays each once, and a failed hand-over comes again", async () => {
    sandbox = await startSandbox();
    sandbox.control.addQuestion({ text: "старый вопрос" });
    const notifier = new Recorder();
    const relay = poller(sandbox, new MemoryStore(), notifier);
    expect(await relay.runOnce()).toMatchObject({ firstRun: true, questions: 0 });
    sandbox.control.addQuestion({ text: "первый" });
    sandbox.control.addQuestion({ text: "второй" });
    sandbox.control.addReview({ text: "норм", rating: 4 });
    notifier.failNext = true;
    await expect(relay.runOnce()).rejects.toThrow(/Telegram is down/);
    expect(await relay.runOnce()).toMatchObject({ questions: 2, reviews: 1 });
    expect(await relay.runOnce()).toMatchObject({ questions: 0, reviews: 0 });
    expect(notifier.questions).toEqual(["первый", "второй"]);
    expect(notifier.reviews).toEqual(["4: норм"]);
  });

  it("turns itself off once when Ozon refuses for want of Premium Plus", async () => {
    sandbox = await startSandbox();
    const notifier = new Recorder();
    const store = new MemoryStore();
    const relay = poller(sandbox, store, notifier);
    await relay.runOnce();
    sandbox.control.setPremiumPlus(false);
    expect(await relay.runOnce()).toMatchObject({ off: true });
    expect(await relay.runOnce()).toMatchObject({ off: true });
    expect(notifier.premium).toBe(1);
  });
});

const redis = await redisAvailability();
redis.describe("QuestionRelay in two processes (Redis)", () => {
  const prefix = uniquePrefix("question-relay");
  afterAll(() => removeKeys(redis.url, prefix));

  it("relays every question once", async () => {
    sandbox = await startSandbox();
    const stores = [
      await RedisStore.open({ url: redis.url, prefix }),
      await RedisStore.open({ url: redis.url, prefix }),
    ];
    const notifiers = [new Recorder(), new Recorder()];
    const relays = stores.map((store, i) => {
      const fence = fencedLease(store, QUESTION_LEASE_NAME);
      return poller(sandbox as Sandbox, fence.store, notifiers[i] as Recorder, fence.lease);
    });
    await Promise.all(relays.map((r) => r.runOnce()));
    for (let i = 0; i < 15; i++) sandbox.control.addQuestion({ text: `вопрос ${i}` });
    for (let round = 0; round < 3; round++) await Promise.all(relays.map((r) => r.runOnce()));
    const all = notifiers.flatMap((n) => n.questions);
    expect(all.sort()).toEqual(Array.from({ length: 15 }, (_, i) => `вопрос ${i}`).sort());
    await Promise.all(relays.map((r) => r.stop()));
    await Promise.all(stores.map((s) => s.close()));
  });
});
