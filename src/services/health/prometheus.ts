/**
 * The Prometheus view of the process (prom-client), built only when METRICS_TOKEN is set: every
 * figure is read from the in-memory counters and the loop board when scraped, so nothing is kept
 * twice and nothing costs anything between scrapes.
 *
 * Labels are bounded: `store` is a store's name (clipped), `loop` a loop's name, `method` an
 * endpoint's declared path, `kind`/`outcome` a failure kind; never a posting number or a chat id.
 * Tests: none directly
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Shop } from "../../shops/registry.ts";
import type { LoopBoard } from "./loop-board.ts";
import { reportJobsByState } from "./snapshot.ts";
import type { Vitals } from "./vitals.ts";

export interface MetricSources {
  vitals: Vitals;
  board: LoopBoard;
  shops: { all(): readonly Shop[]; get(id: string): Shop | undefined };
  now?: () => number;
}

const PREFIX = "ozon_bot_";
const MAX_LABEL = 64;

/** A store's label: its name, clipped; "-" for the bot's own loops. */
function storeLabel(sources: MetricSources, shopId: string | undefined): string {
  if (shopId === undefined) return "-";
  return (sources.shops.get(shopId)?.name ?? shopId).slice(0, MAX_LABEL);
}

export function createMetricsRegistry(sources: MetricSources): Registry {
  const registry = new Registry();
  const registers = [registry];
  const now = sources.now ?? Date.now;
  collectDefaultMetrics({ register: registry });

  const loops = () => sources.board.list().filter((t) => t.held);
  new Gauge({
    name: `${PREFIX}loop_pass_duration_seconds`,
    help: "How long the last round (pass) of a background loop took",
    labelNames: ["store", "loop"],
    registers,
    collect() {
      this.reset();
      for (const t of loops()) {
        if (t.lastDurationMs === undefined) continue;
        this.set({ store: storeLabel(sources, t.shopId), loop: t.name }, t.lastDurationMs / 1000);
      }
    },
  });
  new Gauge({
    name: `${PREFIX}loop_lag_seconds`,
    help: "Time since a background loop last ended a round well (since it started, if never)",
    labelNames: ["store", "loop"],
    registers,
    collect() {
      this.reset();
      const at = now();
      for (const t of loops()) {
        const base = t.lastOkAt ?? t.startedAt;
        this.set({ store: storeLabel(sources, t.shopId), loop: t.name }, (at - base) / 1000);
      }
    },
  });
  new Counter({
    name: `${PREFIX}ozon_calls_total`,
    help: "Ozon API calls by endpoint and outcome (ok or the kind of failure)",
    labelNames: ["method", "outcome"],
    registers,
    collect() {
      this.reset();
      for (const c of sources.vitals.ozonCalls()) {
        this.inc({ method: c.method, outcome: c.outcome }, c.count);
      }
    },
  });
  new Counter({
    name: `${PREFIX}ozon_failures_total`,
    help: "Failed Ozon API calls by endpoint and kind of failure",
    labelNames: ["method", "kind"],
    registers,
    collect() {
      this.reset();
      for (const c of sources.vitals.ozonCalls()) {
        if (c.outcome !== "ok") this.inc({ method: c.method, kind: c.outcome }, c.count);
      }
    },
  });
  const telegram = () => sources.vitals.telegram();
  new Counter({
    name: `${PREFIX}telegram_sends_total`,
    help: "Messages the bot's sender delivered to Telegram",
    registers,
    collect() {
      this.reset();
      this.inc(telegram()?.sent ?? 0);
    },
  });
  new Counter({
    name: `${PREFIX}telegram_429_total`,
    help: "Sends Telegram refused with 429 Too Many Requests",
    registers,
    collect() {
      this.reset();
      this.inc(telegram()?.rateLimited ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}telegram_queue_depth`,
    help: "Sends waiting in the bot's sender or in flight",
    registers,
    collect() {
      const t = telegram();
      this.set(t ? t.queued + t.inFlight : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}telegram_oldest_waiting_seconds`,
    help: "How long the oldest queued send has waited",
    registers,
    collect() {
      this.set((telegram()?.oldestWaitingMs ?? 0) / 1000);
    },
  });
  new Counter({
    name: `${PREFIX}ozon_pushes_total`,
    help: "Ozon pushes received, by result (accepted, duplicate, refused)",
    labelNames: ["result"],
    registers,
    collect() {
      this.reset();
      for (const [result, count] of sources.vitals.pushes()) this.inc({ result }, count);
    },
  });
  new Gauge({
    name: `${PREFIX}report_jobs`,
    help: "Advertising report jobs kept, by store and state",
    labelNames: ["store", "state"],
    registers,
    async collect() {
      this.reset();
      for (const shop of sources.shops.all()) {
        if (!shop.performance) continue;
        for (const [state, count] of await reportJobsByState(shop)) {
          this.set({ store: storeLabel(sources, shop.id), state }, count);
        }
      }
    },
  });
  return registry;
}
