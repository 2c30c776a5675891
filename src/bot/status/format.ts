/**
 * The /status screen: one message, per store then the bot as a whole. Times are "12 s ago";
 * a stalled loop is ⚠️. Long lists are clipped to Telegram's message size.
 * Tests: test/bot/status/format.test.ts
 */
import type { SwitchOffNotice } from "../../services/health/ozon-switch-offs.ts";
import type { LoopLine, StatusSnapshot, StoreStatus } from "../../services/health/snapshot.ts";
import type { ApiHealth } from "../../shops/health.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { durationText } from "../core/numbers.ts";

/** Telegram's limit for one message. */
const MAX_TEXT = 4096;

/** "12 s ago". */
export function ago(t: Translator, ms: number): string {
  return t("status-ago", { span: durationText(t, ms) });
}

function bytes(n: number): string {
  return `${Math.round(n / (1024 * 1024))}`;
}

/** A short name for a process: host and pid. */
export function processName(id: string | undefined): string {
  if (!id) return "—";
  const [host = "", pid = ""] = id.split("|");
  return `${host.slice(0, 24)}:${pid}`;
}

/**
 * A loop as people call it ("postings", "buyer chats"); a loop the texts do not know yet (one
 * added since) shows under its own name.
 */
export function loopLabel(t: Translator, name: string): string {
  return t("status-loop-name", { key: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), name });
}

function loopLine(t: Translator, s: StatusSnapshot, loop: LoopLine): string {
  const mark = loop.stalled ? "⚠️" : "✅";
  const when = loop.okAt === undefined ? t("status-loop-never") : ago(t, s.now - loop.okAt);
  const failures = loop.failures > 0 ? t("status-loop-failures", { n: loop.failures }) : "";
  const holder = s.shared ? t("status-loop-holder", { process: processName(loop.holder) }) : "";
  return `${mark} ${loopLabel(t, loop.name)}: ${when}${failures}${holder}`;
}

function switchOffLine(t: Translator, notice: SwitchOffNotice): string {
  const when =
    notice.offOn === undefined
      ? t("status-ozon-switch-off-undated")
      : (notice.daysLeft ?? 0) <= 0
        ? t("status-ozon-switch-off-gone", { date: notice.offOn })
        : t("status-ozon-switch-off-dated", { date: notice.offOn, days: notice.daysLeft ?? 0 });
  return t("status-ozon-switch-off", {
    method: notice.method,
    when,
    successor: notice.successor ?? "—",
  });
}

function keysLine(t: Translator, label: string, health: ApiHealth): string {
  const state =
    health.keys === "ok"
      ? t("status-keys-ok")
      : health.keys === "refused"
        ? t("status-keys-refused")
        : t("status-keys-unknown");
  return t(label, { state });
}

function storeBlock(t: Translator, s: StatusSnapshot, store: StoreStatus): string[] {
  const lines = [t("status-store-title", { name: store.name })];
  if (store.paused) return [...lines, t("status-store-paused")];
  if (store.seller) lines.push(keysLine(t, "status-keys-seller", store.seller));
  if (store.performance) {
    lines.push(keysLine(t, "status-keys-performance", store.performance));
  }
  for (const loop of store.loops) lines.push(loopLine(t, s, loop));
  if (store.loops.length === 0) lines.push(t("status-loops-none"));
  lines.push(
    store.ozonFailures.length === 0
      ? t("status-ozon-errors-none")
      : t("status-ozon-errors", {
          list: store.ozonFailures.map(([kind, n]) => `${kind} ${n}`).join(", "),
        }),
  );
  lines.push(
    store.lastPushAt === undefined
      ? t("status-push-never")
      : t("status-push", { ago: ago(t, s.now - store.lastPushAt) }),
  );
  if (store.reportJobsWaiting !== undefined) {
    lines.push(t("status-report-jobs", { n: store.reportJobsWaiting }));
  }
  return lines;
}

/** Nothing to say of it: its loops run, its keys work, Ozon did not fail it this hour. */
function isWell(store: StoreStatus): boolean {
  const keysRefused = store.seller?.keys === "refused" || store.performance?.keys === "refused";
  return !store.loops.some((l) => l.stalled) && !keysRefused && store.ozonFailures.length === 0;
}

/**
 * The screen. With many stores the whole would not fit one message: then the stores with nothing
 * to say take one line each, and the others keep their details.
 */
export function statusText(t: Translator, s: StatusSnapshot): string {
  const full = render(t, s, false);
  return full.length <= MAX_TEXT ? full : clip(render(t, s, true), MAX_TEXT);
}

function render(t: Translator, s: StatusSnapshot, compact: boolean): string {
  const stalled = [...s.stores.flatMap((x) => x.loops), ...s.botLoops].filter((l) => l.stalled);
  const lines: string[] = [
    stalled.length > 0 ? t("status-title-stalled", { n: stalled.length }) : t("status-title-ok"),
  ];
  if (s.stores.length === 0) lines.push("", t("status-stores-none"));
  const brief = compact ? s.stores.filter((x) => x.paused || isWell(x)) : [];
  if (brief.length > 0) lines.push("");
  for (const store of brief) {
    lines.push(
      t(store.paused ? "status-store-brief-paused" : "status-store-brief-well", {
        name: store.name,
      }),
    );
  }
  for (const store of s.stores) {
    if (!brief.includes(store)) lines.push("", ...storeBlock(t, s, store));
  }

  if (s.ozonSwitchOffs.length > 0) {
    lines.push("", t("status-ozon-switch-offs-title", { n: s.ozonSwitchOffs.length }));
    for (const notice of s.ozonSwitchOffs) lines.push(switchOffLine(t, notice));
  }

  lines.push("", t("status-bot-title"));
  for (const loop of s.botLoops) lines.push(loopLine(t, s, loop));
  const tg = s.telegram;
  if (tg) {
    lines.push(
      t("status-telegram", {
        depth: tg.queued + tg.inFlight,
        oldest: tg.oldestWaitingMs === undefined ? "—" : durationText(t, tg.oldestWaitingMs),
        limited: tg.rateLimitedLastHour,
      }),
    );
  }
  if (s.shared) {
    lines.push(t("status-processes", { n: s.processes.length }));
    for (const p of s.processes) {
      const held = p.loops.filter((l) => l.held).length;
      const me = p.id === s.thisProcess ? t("status-process-this") : "";
      lines.push(
        t("status-process", {
          process: processName(p.id),
          version: p.version,
          uptime: durationText(t, s.now - p.startedAt),
          memory: bytes(p.rssBytes),
          held,
        }) + me,
      );
    }
  }
  lines.push(
    t("status-version", {
      version: s.version,
      uptime: durationText(t, s.uptimeMs),
      memory: bytes(s.rssBytes),
      heap: bytes(s.heapUsedBytes),
    }),
  );
  return lines.join("\n");
}
