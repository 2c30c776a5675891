/**
 * Buttons of stock alerts. swb:<shop ref>:<sku> — 📦 Stock under an alert (opens the product) ·
 * swt:<on|off> — stock alerts on or off for the chat, a row of /subscribe's screen.
 */
import { InlineKeyboard } from "grammy";
import type { StockAlert } from "../../services/stock/watcher.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { productStockData } from "../products/index.ts";

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
  // The product's stock dialog (bot/products) when Ozon named the product; else the fallback.
  const { productId } = alert.level;
  const data =
    productId && /^\d{1,20}$/.test(productId)
      ? productStockData(codec, ref, productId)
      : codec.encode(STOCK_BUTTON_CALLBACK, ref, alert.level.sku);
  return new InlineKeyboard().text(t("stock-button-stock"), data);
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
