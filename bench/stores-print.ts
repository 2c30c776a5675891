// How bench/stores.ts prints its figures. Not a benchmark of its own (see bench/run.ts).
import { CALL_KINDS, type CallRates, type Fairness, quantile } from "./stores-log.ts";

export interface Settings {
  postings: number;
  chats: number;
  pollSeconds: number;
  messageEverySeconds: number;
  windowSeconds: number;
  targetMb: number;
}

export interface RunFigures {
  stores: number;
  firstPassSeconds: number;
  rates: CallRates;
  memory?: { steady: number; low: number; high: number; peak: number };
  fairness?: { postings: Fairness; chats: Fairness };
  latency?: LatencyFigures[];
}

export interface LatencyFigures {
  mode: string;
  /** Add → alert at the fake Bot API, per healthy store, ms. */
  alerts: number[];
  /** Add → the store's next postings list request at the sandbox, ms. */
  polls: number[];
  /** Healthy stores' pass gaps while the store failed. */
  fairness: Fairness;
  missing: number;
  /** Other messages the bot sent meanwhile (to anyone). */
  otherSends: number;
  /** The shortest time between two alerts' arrivals. */
  closestArrivalsMs: number;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const spread = (values: readonly number[]) =>
  `p50 ${fixed(quantile(values, 0.5))} ms, p95 ${fixed(quantile(values, 0.95))} ms, max ${fixed(values.at(-1) ?? Number.NaN)} ms`;
const gap = (f: Fairness) =>
  `largest gap ${fixed(f.maxGapMs / 1000, 1)} s (${f.worstStore}), passes per store ${f.fewestPasses}..${f.mostPasses}`;

export function print(results: RunFigures[], settings: Settings): void {
  const { postings, chats, pollSeconds, messageEverySeconds, windowSeconds, targetMb } = settings;
  const pollMs = pollSeconds * 1000;
  const latencyTargetMs = pollMs + 1000;
  console.log(
    `${postings} awaiting postings and ${chats} buyer chats per store, file store, polls every ${pollSeconds} s, a buyer message per store every ${messageEverySeconds} s; window ${windowSeconds} s after every store's first passes`,
  );
  console.log(
    `stores  first passes  calls/min  per store (min..max)  ${CALL_KINDS.join(" · ")} (per store)`,
  );
  const base = results[0];
  const basePerStore = base ? base.rates.total / base.stores : Number.NaN;
  for (const r of results) {
    const per = [...r.rates.perStore.values()];
    console.log(
      [
        String(r.stores).padStart(6),
        `${fixed(r.firstPassSeconds, 1)} s`.padStart(13),
        fixed(r.rates.total, 1).padStart(10),
        `${fixed(r.rates.total / r.stores, 1)} (${fixed(Math.min(...per), 1)}..${fixed(Math.max(...per), 1)})`.padStart(
          21,
        ),
        ` ${CALL_KINDS.map((k) => fixed((r.rates.perKind.get(k) ?? 0) / r.stores, 1)).join(" · ")}`,
      ].join(" "),
    );
  }
  const last = results.at(-1);
  if (base && last && last !== base) {
    const ratio = last.rates.total / last.stores / basePerStore;
    // Linear: a store costs no more calls when there are more stores (fewer is the passes
    // stretching a little under load, not work skipped).
    console.log(
      `linear: calls per store per minute at ${last.stores} stores = ${fixed(ratio, 2)} × at ${base.stores} (${ratio <= 1.15 ? "linear or below" : "NOT linear: more per store"})`,
    );
  }
  if (last?.memory) {
    const m = last.memory;
    const ok = m.peak <= targetMb && m.steady <= targetMb;
    console.log(
      `RSS with ${last.stores} stores: steady ${fixed(m.steady)} MB (${fixed(m.low)}..${fixed(m.high)}), peak (VmHWM) ${fixed(m.peak)} MB; target ≤ ${targetMb} MB: ${ok ? "met" : "NOT met"}`,
    );
  }
  if (last?.fairness) {
    const f = last.fairness;
    const worst = Math.max(f.postings.maxGapMs, f.chats.maxGapMs);
    console.log(`fairness (all stores healthy), poll interval ${pollSeconds} s:`);
    console.log(`  postings: ${gap(f.postings)}`);
    console.log(`  chats:    ${gap(f.chats)}`);
    // A store whose passes are G apart is G − interval behind one polled on time.
    console.log(
      `  target: no store more than one interval behind another (gap ≤ ${2 * pollSeconds} s): ${worst <= 2 * pollMs ? "met" : "NOT met"}; every gap ≤ interval + 1 s: ${worst <= latencyTargetMs ? "yes" : "no"}`,
    );
  }
  for (const l of last?.latency ?? []) {
    console.log(
      `one store failing (${l.mode}), a posting added to each of ${l.alerts.length + l.missing} healthy stores at once:`,
    );
    console.log(
      `  add → alert at Telegram:  ${spread(l.alerts)}${l.missing ? `, ${l.missing} never came` : ""}`,
    );
    console.log(`  add → next list request:  ${spread(l.polls)}`);
    console.log(
      `  alerts to the one subscriber came ≥ ${Number.isFinite(l.closestArrivalsMs) ? fixed(l.closestArrivalsMs) : "–"} ms apart (Telegram: 1 message/s per private chat); other messages meanwhile: ${l.otherSends}`,
    );
    console.log(
      `  healthy stores' postings passes (a pass ends once its alert is sent): ${gap(l.fairness)}`,
    );
    const ok = l.missing === 0 && (l.alerts.at(-1) ?? Infinity) <= latencyTargetMs;
    console.log(`  target: every alert ≤ ${latencyTargetMs / 1000} s: ${ok ? "met" : "NOT met"}`);
  }
}
