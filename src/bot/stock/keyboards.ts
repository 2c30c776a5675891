/**
 * Buttons of stock alerts (buttons.ts): 📦 Stock under an alert, the /subscribe row.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { StockAlert } from "../../services/stock/watcher.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { optionLabel } from "../core/marks.ts";
import { productStockData } from "../products/index.ts";
import { ALERT_STOCK, ALERTS_TOGGLE } from "./buttons.ts";

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
      ? productStockData(codec, ref, productId, String(alert.level.warehouseId))
      : ALERT_STOCK.data(codec, ref, alert.level.sku);
  return new InlineKeyboard().text(t("stock-button-stock"), data);
}

/** The /subscribe row: stock alerts are on (✅) or off (▫️) for this chat; a press flips them. */
export function stockToggleButton(
  codec: CallbackCodec,
  t: Translator,
  on: boolean,
): { text: string; data: string } {
  return {
    text: optionLabel(t("stock-subscribe-toggle"), on),
    data: ALERTS_TOGGLE.data(codec, on ? "off" : "on"),
  };
}
