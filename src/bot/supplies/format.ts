/**
 * The texts of FBO supplies: /supplies by state, a supply order's card with its contents, and the
 * alert of a state change. Pure functions.
 * Tests: none directly
 */
import { DateTime } from "luxon";
import {
  MAX_BUNDLES,
  SUPPLY_STATES,
  type SupplyItem,
  type SupplyOrder,
} from "../../ozon/seller/supplies.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { clockText, countText, momentText } from "../core/numbers.ts";

const KNOWN: ReadonlySet<string> = new Set(SUPPLY_STATES);
const ITEM_LINES = 40;

export function stateText(t: Translator, state: string | undefined): string {
  return state && KNOWN.has(state)
    ? t(`supplies-state-${state.toLowerCase().replaceAll("_", "-")}`)
    : (state ?? "—");
}

/** A supply's timeslot in its warehouse's zone: "9 дек., 10:00–12:00" (momentText, then the end's time). */
export function timeslotText(order: SupplyOrder, locale: string): string {
  if (!order.timeslotFrom) return "—";
  const zone = order.timezone ?? "Europe/Moscow";
  const from = DateTime.fromISO(order.timeslotFrom, { zone: "utc" });
  if (!from.isValid) return "—";
  const to = order.timeslotTo ? DateTime.fromISO(order.timeslotTo, { zone: "utc" }) : undefined;
  const start = momentText(locale === "en" ? "en" : "ru", from.toMillis(), zone);
  return to?.isValid ? `${start}–${clockText(to.toMillis(), zone)}` : start;
}

export function listText(
  t: Translator,
  counts: ReadonlyMap<string, number>,
  open: readonly SupplyOrder[],
  locale: string,
): string {
  const lines = [t("supplies-title")];
  const counted = [...counts.entries()].filter(([, n]) => n > 0);
  if (counted.length === 0 && open.length === 0) return `${lines[0]}\n\n${t("supplies-none")}`;
  for (const [state, n] of counted)
    lines.push(t("supplies-count", { state: stateText(t, state), count: n }));
  if (open.length > 0) lines.push("", t("supplies-open"));
  for (const order of open) {
    lines.push(
      t("supplies-line", {
        number: order.number ?? order.id,
        state: stateText(t, order.state),
        timeslot: timeslotText(order, locale),
        warehouse: clip(order.warehouse ?? "—", 40),
      }),
    );
  }
  return lines.join("\n");
}

export function cardText(
  t: Translator,
  order: SupplyOrder,
  items: readonly SupplyItem[],
  locale: string,
): string {
  const lines = [
    t("supplies-card-title", { number: order.number ?? order.id }),
    t("supplies-card-state", { state: stateText(t, order.state) }),
    t("supplies-card-timeslot", { timeslot: timeslotText(order, locale) }),
    t("supplies-card-warehouse", { warehouse: order.warehouse ?? "—" }),
  ];
  if (order.storage.length > 0)
    lines.push(t("supplies-card-storage", { warehouses: order.storage.join(", ") }));
  const units = items.reduce((n, i) => n + i.quantity, 0);
  lines.push("", t("supplies-card-contents", { lines: items.length, units: countText(t, units) }));
  if (order.bundleIds.length > MAX_BUNDLES) {
    lines.push(
      t("supplies-card-bundles-cut", { shown: MAX_BUNDLES, count: order.bundleIds.length }),
    );
  }
  for (const item of items.slice(0, ITEM_LINES)) {
    lines.push(
      t("supplies-card-item", {
        name: clip(item.name ?? item.offerId ?? "?", 60),
        quantity: countText(t, item.quantity),
      }),
    );
  }
  if (items.length > ITEM_LINES)
    lines.push(t("supplies-more", { count: items.length - ITEM_LINES }));
  return lines.join("\n");
}

export function changeText(
  t: Translator,
  order: SupplyOrder,
  from: string | undefined,
  locale: string,
): string {
  return [
    t("supplies-changed", { number: order.number ?? order.id, state: stateText(t, order.state) }),
    ...(from ? [t("supplies-changed-from", { state: stateText(t, from) })] : []),
    t("supplies-card-timeslot", { timeslot: timeslotText(order, locale) }),
    t("supplies-card-warehouse", { warehouse: order.warehouse ?? "—" }),
  ].join("\n");
}
