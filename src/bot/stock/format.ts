/**
 * The text of a stock alert.
 * Tests: none directly
 */
import type { StockAlert } from "../../services/stock/watcher.ts";
import type { Translator } from "../core/i18n.ts";

const NAME_LIMIT = 120;

export function stockAlertText(t: Translator, alert: StockAlert): string {
  const { level } = alert;
  const name = level.name ? [...level.name].slice(0, NAME_LIMIT).join("") : undefined;
  const warehouse = level.warehouseName?.slice(0, NAME_LIMIT) || level.warehouseId;
  return [
    alert.mark === "zero"
      ? t("stock-alert-zero")
      : t("stock-alert-low", { count: level.free, threshold: alert.threshold }),
    name ? t("stock-alert-product", { name }) : undefined,
    t("stock-alert-ids", { offer: level.offerId, sku: level.sku }),
    t("stock-alert-warehouse", { warehouse }),
  ]
    .filter(Boolean)
    .join("\n");
}
