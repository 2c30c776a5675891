// node bench/questions.ts — the product question poller against the sandbox over real HTTP.
//
// 1. A quiet store: Seller API calls per pass (target: 1 question list + 1 review list).
// 2. 1 000 new questions and 200 reviews at once: time until all are handed to the notifier,
//    items per second and Ozon calls (questions come 10 a page: target 100 + 2 review pages).
//    The notifier is in-process and accepts at once: the figure is the poller's own cost.
// 3. The pass after: everything inside the overlap is read again and skipped (the overlap's cost).
import type { ProductQuestion, ProductReview } from "../src/ozon/seller/questions.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import {
  type QuestionNotifier,
  QuestionRelay,
} from "../src/services/chats/questions/question-relay.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { sandboxSeller } from "../test/support/sandbox-seller.ts";

class CountingNotifier implements QuestionNotifier {
  count = 0;
  async relayQuestion(_question: ProductQuestion) {
    this.count++;
    return [{ chatId: 1, messageId: this.count }];
  }
  async relayReview(_review: ProductReview) {
    this.count++;
    return [{ chatId: 1, messageId: this.count }];
  }
  async premiumMissing() {}
}

const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0, initialChats: 0 });
const seller = sandboxSeller(sandbox);
const notifier = new CountingNotifier();
const relay = new QuestionRelay({
  api: seller.questions,
  store: new MemoryStore(),
  notifier,
  remember: async () => undefined,
  lease: false,
});
const calls = () => {
  const counters = sandbox.counters();
  return (counters["POST /v1/question/list"] ?? 0) + (counters["POST /v2/review/list"] ?? 0);
};

await relay.runOnce(); // the first pass: the cursor starts now
let before = calls();
await relay.runOnce();
console.log(`quiet store: ${calls() - before} Ozon calls per pass`);

for (let i = 0; i < 1_000; i++) sandbox.control.addQuestion({ text: `Вопрос ${i}` });
for (let i = 0; i < 200; i++)
  sandbox.control.addReview({ text: `Отзыв ${i}`, rating: 1 + (i % 5) });
before = calls();
const started = performance.now();
const report = await relay.runOnce();
const ms = performance.now() - started;
console.log(
  `1 000 questions + 200 reviews: ${report.questions + report.reviews} relayed in ${ms.toFixed(0)} ms ` +
    `(${(((report.questions + report.reviews) / ms) * 1000).toFixed(0)}/s), ${calls() - before} Ozon calls`,
);
before = calls();
const again = performance.now();
const next = await relay.runOnce();
console.log(
  `the pass after (all inside the 1 h overlap, skipped): ${next.questions + next.reviews} relayed, ` +
    `${calls() - before} Ozon calls, ${(performance.now() - again).toFixed(0)} ms`,
);
await relay.stop();
await seller.close();
await sandbox.close();
