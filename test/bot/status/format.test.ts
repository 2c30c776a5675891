/**
 * The /status screen with many stores fits one Telegram message: stores with nothing to say take
 * one line each, a sick one keeps its details (both languages).
 */
import { describe, expect, it } from "vitest";
import { createI18n, type Translator } from "../../../src/bot/core/i18n.ts";
import { statusText } from "../../../src/bot/status/format.ts";
import type { StatusSnapshot, StoreStatus } from "../../../src/services/health/snapshot.ts";
import { captureLogger } from "../harness.ts";

const i18n = createI18n({ defaultLocale: "ru", logger: captureLogger().logger });
const translator =
  (locale: "ru" | "en"): Translator =>
  (key, vars) =>
    i18n.t(locale, key, vars);

const NOW = 1_800_000_000_000;

function store(n: number, sick = false): StoreStatus {
  const loop = (name: string) => ({
    shopId: `shop-${n}`,
    name,
    okAt: sick && name === "posting watcher" ? NOW - 600_000 : NOW - 12_000,
    since: NOW - 3_600_000,
    cycleMs: 30_000,
    durationMs: 80,
    failures: sick && name === "posting watcher" ? 20 : 0,
    holder: "host|1|a",
    stalled: sick && name === "posting watcher",
  });
  return {
    shopId: `shop-${n}`,
    name: `Магазин номер ${n} с длинным названием`,
    paused: false,
    loops: [
      "posting watcher",
      "chat relay",
      "question relay",
      "report runner",
      "stock watcher",
    ].map(loop),
    ozonFailures: sick ? [["keys_refused", 20]] : [],
    seller: { keys: sick ? "refused" : "ok" },
    performance: { keys: "ok" },
    lastPushAt: NOW - 90_000,
    reportJobsWaiting: 1,
  };
}

function snapshot(stores: StoreStatus[]): StatusSnapshot {
  return {
    now: NOW,
    stores,
    botLoops: [],
    ozonSwitchOffs: [],
    telegram: {
      queued: 3,
      inFlight: 1,
      oldestWaitingMs: 4_000,
      sent: 10,
      rateLimited: 2,
      rateLimitedLastHour: 2,
    },
    processes: [],
    thisProcess: "host|1|a",
    shared: false,
    version: "1.2.3",
    uptimeMs: 7_200_000,
    rssBytes: 150 * 1024 * 1024,
    heapUsedBytes: 60 * 1024 * 1024,
  };
}

describe("the /status screen", () => {
  it("shows one store in full", () => {
    const text = statusText(translator("en"), snapshot([store(1)]));
    expect(text).toContain("✅ postings: 12 s ago");
    expect(text).toContain("✅ buyer chats: 12 s ago");
    // A loop the texts do not know yet shows under its own name.
    expect(text).toContain("✅ stock watcher: 12 s ago");
    expect(text).toContain("Last push from Ozon: 90 s ago");
    expect(text).toContain("Report jobs waiting: 1");
    expect(text).toContain("Telegram queue: 4 waiting, oldest 4 s; 429 in the last hour: 2");
    expect(text).toContain("Version 1.2.3, up 2 h, memory 150 MB (heap 60 MB)");
  });

  it("fits 20 stores in one message, the sick one in full", () => {
    const stores = Array.from({ length: 20 }, (_, i) => store(i + 1, i === 6));
    for (const locale of ["en", "ru"] as const) {
      const text = statusText(translator(locale), snapshot(stores));
      expect(text.length).toBeLessThanOrEqual(4096);
      expect(text).not.toMatch(/…$/);
    }
    const en = statusText(translator("en"), snapshot(stores));
    expect(en).toContain("🏬 Магазин номер 1 с длинным названием: ✅ all well");
    expect(en).toContain("⚠️ postings: 10 min ago, 20 failed in a row");
    expect(en).toContain("Seller API: ❌ Ozon refuses the keys");
    const ru = statusText(translator("ru"), snapshot(stores));
    expect(ru).toContain("🏬 Магазин номер 2 с длинным названием: ✅ всё в порядке");
    expect(ru).toContain("⚠️ отправления: 10 мин назад, подряд неудачно: 20");
  });
});
