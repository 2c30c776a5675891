/**
 * Buttons of stock alerts. swb:<shop ref>:<sku> — 📦 Stock under an alert (opens the product) ·
 * swt:<on|off> — stock alerts on or off for the chat, a row of /subscribe's screen.
 */
import { InlineKeyboard } from "grammy";
import type { StockAlert } from "../../services/stock/watcher.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";

export const STOCK_BUTTON_CALLBACK = "swb";
export const STOCK_TOGGLE_CALLBACK = "swt";
/** swl:<shop ref>[:<value>|d] — a store's low-stock threshold (admins, from /stores). */
export const STOCK_THRESHOLD_CALLBACK = "swl";

export function stockAlertKeyboard(
  codec: CallbackCodec,
  t: Translator,
  alert: StockAlert,
  ref: string,
): InlineKeyboard {
  return new InlineKeyboard().text(
    t("stock-button-stock"),
    codec.encode(STOCK_BUTTON_CALLBACK, ref, alert.level.sku),
  );
}

/** The /subscribe row: stock alerts are on (✅) or off (▫️) for this chat; a press flips them. */
export function stockToggleButton(
  codec: CallbackCodec,
  t: Translator,
  on: boolean,
): { text: string; data: string } {
  return {
    text: `${on ? "✅" : "▫️"} ${t("stock-subscribe-toggle")}`,
    data: codec.encode(STOCK_TOGGLE_CALLBACK, on ? "off" : "on"),
  };
}
