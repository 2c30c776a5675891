/**
 * Everything the bot sends outside an update shares one sender: posting alerts, relayed buyer
 * messages and report messages sent at the same time stay under Telegram's 30 messages a second
 * together. The real notifiers send to the fake Bot API over HTTP; the sender runs on a manual
 * clock, and a recording budget notes the clock time each message was let through.
 */
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { TelegramReportNotifier } from "../../../../src/bot/ads/reports/notifier.ts";
import { TelegramRelayNotifier } from "../../../../src/bot/chats/relay/notifier.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../../src/bot/core/i18n.ts";
import {
  MemorySendBudget,
  type SendBudget,
  type SendTarget,
  TelegramSender,
} from "../../../../src/bot/core/sender/index.ts";
import { TelegramPostingNotifier } from "../../../../src/bot/postings/notifier.ts";
import type { Posting } from "../../../../src/ozon/seller/types.ts";
import { AccessService } from "../../../../src/services/access/index.ts";
import { presetPeriod, ReportJobs } from "../../../../src/services/ads/index.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { FakeBotApi } from "../../../support/fake-bot-api.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { testShops } from "../../../support/shops.ts";
import { waitFor } from "../../../support/wait.ts";
import { captureLogger } from "../../harness.ts";
import { maxInWindow } from "./windows.ts";

let fake: FakeBotApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const EACH = 40;
const range = (from: number) => Array.from({ length: EACH }, (_, i) => from + i);
const SUBSCRIBERS = range(1001);
const SELLERS = range(2001);
const FIRST_MANAGER = 3001;
const MANAGERS = range(FIRST_MANAGER);

/** Notes the clock time and chat of every message the budget let through. */
class RecordingSendBudget implements SendBudget {
  readonly grants: Array<{ chatId: SendTarget["chatId"]; at: number }> = [];
  readonly #inner: SendBudget;
  readonly #clock: ManualClock;

  constructor(clock: ManualClock) {
    this.#clock = clock;
    this.#inner = new MemorySendBudget({ clock });
  }

  async take(target: SendTarget) {
    const grant = await this.#inner.take(target);
    if (grant.granted) this.grants.push({ chatId: target.chatId, at: this.#clock.now() });
    return grant;
  }

  backOff(target: SendTarget, retryAfterMs: number) {
    return this.#inner.backOff(target, retryAfterMs);
  }
}

const posting = (n: number): Posting => ({
  postingNumber: `0143-${n}-1`,
  orderId: String(n),
  orderNumber: `0143-${n}`,
  status: "awaiting_packaging",
  substatus: undefined,
  shipmentDate: "2026-06-16T12:00:00Z",
  inProcessAt: "2026-06-15T08:00:00Z",
  deliveryMethod: undefined,
  products: [
    {
      sku: "1001",
      offerId: "mug-1",
      name: "Кружка",
      quantity: 1,
      price: "490.0000",
      currency: "RUB",
      mandatoryMarks: [],
    },
  ],
});

describe("one sender for the whole bot", () => {
  it("keeps alerts, relayed messages and report messages together under 30 a second", async () => {
    fake = await FakeBotApi.start();
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    const store = new MemoryStore();
    const { logger } = captureLogger();
    const i18n = createI18n({ defaultLocale: "en", logger });
    const access = new AccessService({ store, adminIds: [] });
    for (const id of SELLERS) await access.grant(id, "seller");
    const clock = new ManualClock(Date.parse("2026-06-15T09:00:00Z"));
    const sendBudget = new RecordingSendBudget(clock);
    const sender = new TelegramSender({ clock, sendBudget });

    const postings = new TelegramPostingNotifier({
      api,
      sender,
      i18n,
      access,
      codec: createCallbackCodec(fake.token),
      timezone: "Europe/Moscow",
      defaultLocale: "en",
      shops: await testShops(store, [{}]),
      shop: { id: "sandbox-client", ref: "1" },
    });
    const relay = new TelegramRelayNotifier({
      api,
      repositories: createRelayRepositories(store),
      access,
      i18n,
      defaultLocale: "en",
      sender,
      codec: createCallbackCodec(fake.token),
    });
    const reports = new TelegramReportNotifier({
      sender,
      codec: createCallbackCodec(fake.token),
      i18n,
      defaultLocale: "en",
    });
    reports.attach(api);
    const jobs = new ReportJobs({ store, account: "acc", zone: "Europe/Moscow" });
    const period = presetPeriod("last_7_days", { now: clock.now(), zone: "Europe/Moscow" });
    const reportJobs = await Promise.all(
      MANAGERS.map((chatId) =>
        jobs.enqueue({
          requestedBy: { chatId, userId: chatId, locale: "en" },
          campaigns: [{ id: "14275771", title: "Mugs" }],
          period,
          kind: "campaigns",
        }),
      ),
    );

    const sends = [
      ...SUBSCRIBERS.map((chatId, i) =>
        postings.alert(
          { chatId, kind: "private", subscribedBy: chatId, createdAt: "2026-06-01T00:00:00Z" },
          posting(i),
        ),
      ),
      relay.relayBuyerMessage(
        { ozonChatId: "b646d975-0c9c-4872-9f41-8b1e57181a5c", context: {} },
        {
          id: "3000000000817031942",
          createdAt: "2026-06-15T08:59:00Z",
          author: { id: "115568", kind: "buyer" },
          text: "Where is my order?",
          attachments: [],
          context: {},
        },
        [],
      ),
      ...reportJobs.map((job) => reports.progress(job, { state: "submitted" })),
    ];
    const total = SUBSCRIBERS.length + SELLERS.length + MANAGERS.length;
    const delivered = () => fake?.callsTo("sendMessage").filter((c) => c.response?.ok).length;
    // The clock stands still until every message waits in the sender: only one could go yet.
    await waitFor(() => sender.pending + (delivered() ?? 0) >= total, {
      message: "every message queued",
    });
    await waitFor(
      async () => {
        await clock.advance(100);
        return delivered() === total;
      },
      { timeoutMs: 15_000, message: "every message delivered" },
    );
    await Promise.all(sends);

    const everyone = [...SUBSCRIBERS, ...SELLERS, ...MANAGERS];
    for (const chatId of everyone) expect(fake.textsTo(chatId)).toHaveLength(1);
    expect(sendBudget.grants).toHaveLength(total);
    expect(
      maxInWindow(
        sendBudget.grants.map((g) => g.at),
        1000,
      ),
    ).toBe(30);
    // Alerts and buyer messages (80) before report progress (bulk), but for the very first message.
    const lastAlert = sendBudget.grants.findLastIndex((g) => Number(g.chatId) < FIRST_MANAGER);
    expect(lastAlert).toBeLessThanOrEqual(SUBSCRIBERS.length + SELLERS.length);
    await sender.close();
  });
});
