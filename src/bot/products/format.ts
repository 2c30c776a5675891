/**
 * The product card and the products area's sentences, from plain data (services/products).
 * Tests: none directly
 */
import { ozonFailureKind } from "../../ozon/errors.ts";
import { type ProductCard, priceText } from "../../services/products/index.ts";
import { ShopUnavailableError } from "../../shops/availability.ts";
import { clip } from "../../text.ts";
import { localeOf } from "../core/numbers.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

const money = (t: Translate, kopecks: string | undefined) =>
  kopecks === undefined || kopecks === "0"
    ? t("products-none")
    : priceText(BigInt(kopecks), localeOf(t));

export function productCardText(t: Translate, card: ProductCard): string {
  const lines = [
    t("products-card-title", { name: clip(card.name, 200) }),
    t("products-card-ids", { offer: card.offerId ?? "—", sku: card.sku ?? "—" }),
    t("products-card-prices", {
      price: money(t, card.price),
      old: money(t, card.oldPrice),
      min: money(t, card.minPrice),
    }),
    "",
    t("products-card-fbs"),
  ];
  if (card.warehouses.length === 0) lines.push(t("products-card-no-warehouses"));
  for (const w of card.warehouses) {
    lines.push(
      t("products-card-warehouse", {
        name: clip(w.name, 60),
        present: w.present,
        reserved: w.reserved,
      }),
    );
  }
  lines.push(t("products-card-fbo", { units: card.fbo }));
  if (card.sold !== undefined) {
    lines.push(
      card.daysLeft === undefined
        ? t("products-card-sold-none", { days: 14, sold: card.sold })
        : t("products-card-sold", { days: 14, sold: card.sold, left: card.daysLeft }),
    );
  }
  return lines.join("\n");
}

/** Why an Ozon call of this area failed, in words. */
export function ozonErrorText(t: Translate, error: unknown): string {
  if (error instanceof ShopUnavailableError) return t(error.key, { name: error.shopName });
  switch (ozonFailureKind(error)) {
    case "rate_limited":
      return t("products-error-rate-limited");
    case "keys_refused":
      return t("products-error-auth");
    case "network":
    case "timeout":
      return t("products-error-network");
    case "ozon_down":
    case "method_gone":
      return t("products-error-unavailable");
    default:
      return t("products-error-unknown");
  }
}
