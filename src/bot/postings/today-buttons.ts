/**
 * What the buttons of /today (today.ts, today-labels.ts, label-picker.ts) share: what their
 * handlers are given, and a group of the board as a button carries it —
 * `<warehouse id, "0" for none>:<cut-off minute>`.
 * Tests: none directly
 */
import type { LabelDesk } from "../../services/postings/label-desk.ts";
import { findGroup, type TodayBoard, type TodayGroup } from "../../services/postings/today.ts";
import type { AuditRecorder } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { Router } from "../core/router.ts";
import type { PostingShops, SellerShop } from "./posting-shop.ts";

export interface TodayButtonDeps {
  router: Router;
  codec: CallbackCodec;
  timezone: string;
  where: PostingShops;
  pressedShop(ctx: BotContext, ref: string): Promise<SellerShop | undefined>;
  /** The shop's desk that follows batches Ozon prepares (undefined while the module is stopped). */
  labelDeskOf(shopId: string): LabelDesk | undefined;
  /** Where label batches are recorded (the audit trail). */
  audit?: AuditRecorder;
}

/** A group named by a button (its warehouse id as the board has it: "" for none). */
export interface GroupRef {
  warehouseId: string;
  minute: number;
}

/** The button arguments that name `group`. */
export function groupArgs(group: TodayGroup): [string, string] {
  return [group.warehouseId || "0", String(group.cutoffMinute)];
}

/** The group a button names (its arguments as declared in buttons.ts: digits both). */
export function groupRefOf(warehouse: string, minute: string): GroupRef {
  return { warehouseId: warehouse === "0" ? "" : warehouse, minute: Number(minute) };
}

/** A button that may name a group (both arguments or neither): "all" when it names none. */
export function groupOrAll(
  warehouse: string | undefined,
  minute: string | undefined,
): GroupRef | "all" {
  return warehouse === undefined || minute === undefined ? "all" : groupRefOf(warehouse, minute);
}

/** The group on the board now, when it is still there. */
export function boardGroup(board: TodayBoard, ref: GroupRef): TodayGroup | undefined {
  return findGroup(board, ref.warehouseId, ref.minute);
}
