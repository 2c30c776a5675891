/**
 * Today's board of one shop: postings whose cut-off falls today (in the bot's time zone), grouped
 * by warehouse and cut-off, with how many are packed and how many are late. Postings still
 * awaiting packaging from earlier days are late too and shown with their own cut-off.
 * Tests: none directly
 */
import { DateTime } from "luxon";
import type { ShippingApi } from "../../ozon/seller/shipping.ts";
import type { Posting } from "../../ozon/seller/types.ts";

export const AWAITING_PACKAGING = "awaiting_packaging";
export const AWAITING_DELIVER = "awaiting_deliver";
/** Late postings from this far back still count (older ones are Ozon's to cancel). */
const LATE_LOOKBACK_DAYS = 14;

export interface TodayGroup {
  warehouseId: string;
  warehouse: string;
  /** ISO cut-off shared by the group's postings. */
  cutoff: string;
  /** Cut-off in whole minutes since the epoch: the group's short id on buttons. */
  cutoffMinute: number;
  toPack: Posting[];
  packed: Posting[];
  late: number;
}

export interface TodayBoard {
  groups: TodayGroup[];
  /** Packed postings with a cut-off today: the "all packed today" labels. */
  packedToday: string[];
}

export interface DayWindow {
  from: string;
  to: string;
}

/** Start and end of the day of `now` in `timezone`, as UTC ISO times. */
export function dayOf(now: number, timezone: string): DayWindow {
  const day = DateTime.fromMillis(now, { zone: timezone });
  return {
    from: day.startOf("day").toUTC().toISO() ?? "",
    to: day.endOf("day").toUTC().toISO() ?? "",
  };
}

export function cutoffMinute(iso: string | undefined): number {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 60_000) : 0;
}

export async function todayBoard(
  shipping: ShippingApi,
  now: number,
  timezone: string,
): Promise<TodayBoard> {
  const day = dayOf(now, timezone);
  const lookback = DateTime.fromISO(day.from).minus({ days: LATE_LOOKBACK_DAYS }).toISO() ?? "";
  const [toPack, packed] = await Promise.all([
    shipping.listByStatus(AWAITING_PACKAGING, { cutoffFrom: lookback, cutoffTo: day.to }),
    shipping.listByStatus(AWAITING_DELIVER, { cutoffFrom: day.from, cutoffTo: day.to }),
  ]);
  const groups = new Map<string, TodayGroup>();
  const groupOf = (p: Posting): TodayGroup => {
    const warehouseId = p.deliveryMethod?.warehouseId ?? "";
    const minute = cutoffMinute(p.shipmentDate);
    const key = `${warehouseId}:${minute}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        warehouseId,
        warehouse: p.deliveryMethod?.warehouse ?? warehouseId,
        cutoff: p.shipmentDate ?? "",
        cutoffMinute: minute,
        toPack: [],
        packed: [],
        late: 0,
      };
      groups.set(key, group);
    }
    return group;
  };
  for (const p of toPack) {
    const group = groupOf(p);
    group.toPack.push(p);
    if (p.shipmentDate && Date.parse(p.shipmentDate) < now) group.late++;
  }
  for (const p of packed) groupOf(p).packed.push(p);
  const ordered = [...groups.values()].sort(
    (a, b) => a.cutoffMinute - b.cutoffMinute || a.warehouse.localeCompare(b.warehouse),
  );
  return { groups: ordered, packedToday: packed.map((p) => p.postingNumber) };
}

/** The group of a button (warehouse id and cut-off minute), when it is still on the board. */
export function findGroup(
  board: TodayBoard,
  warehouseId: string,
  minute: number,
): TodayGroup | undefined {
  return board.groups.find((g) => g.warehouseId === warehouseId && g.cutoffMinute === minute);
}
