/**
 * The product card's buttons (each only for the roles that may use it) and the pick list.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts and 2 more)
 */
import { InlineKeyboard } from "grammy";
import type { ProductRef } from "../../ozon/index.ts";
import type { Person } from "../../services/access/roles.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { clip } from "../../text.ts";
import { historyButton } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ButtonData } from "../core/dialog/dialog.ts";
import { OPEN_PRODUCT, PRODUCT_PRICE, PRODUCT_STOCK } from "./buttons.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

/** Who may change stock and prices (admins always may). */
export const STOCK_ROLES = ["warehouse"] as const;
export const PRICE_ROLES = ["manager"] as const;

/** A button opening a product's card in a new message, by its SKU (a posting card's product). */
export function productLineButton(
  codec: CallbackCodec,
  t: Translate,
  shopRef: string,
  product: { sku: string; name: string },
): { text: string; callback_data: string } {
  return {
    text: clip(t("products-open-button", { name: product.name }), 64),
    callback_data: OPEN_PRODUCT.data(codec, shopRef, product.sku, "s"),
  };
}

/** The data of 📦 Stock for a product (stock alerts use it too). */
export function productStockData(
  codec: CallbackCodec,
  shopRef: string,
  productId: string,
  warehouseId?: string,
): string {
  return PRODUCT_STOCK.data(codec, shopRef, productId, warehouseId);
}

export function productCardKeyboard(
  codec: CallbackCodec,
  t: Translate,
  person: Pick<Person, "roles" | "shops"> | undefined,
  shop: { id: string; ref: string },
  productId: string,
  /** The product's SKU: its 🕘 History (the trail names a product by it, else by productId). */
  sku?: string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (reachesShop(person, "warehouse", shop.id)) {
    keyboard.text(t("products-stock-button"), productStockData(codec, shop.ref, productId));
  }
  if (reachesShop(person, "manager", shop.id)) {
    keyboard.text(t("products-price-button"), PRODUCT_PRICE.data(codec, shop.ref, productId));
  }
  keyboard.row();
  keyboard.text(t("products-refresh-button"), OPEN_PRODUCT.data(codec, shop.ref, productId, "e"));
  keyboard.add(historyButton(t, codec, "s", sku ?? productId));
  return keyboard;
}

export interface Pickable {
  shop: { ref: string; name: string };
  product: ProductRef;
}

/** One button per match: "name · offer_id" (with the store when there are several). */
export function pickKeyboard(codec: CallbackCodec, found: readonly Pickable[], many: boolean) {
  const keyboard = new InlineKeyboard();
  found.forEach(({ shop, product }, i) => {
    if (i > 0) keyboard.row();
    const label = [many ? shop.name : "", clip(product.name, 40), product.offerId ?? ""]
      .filter(Boolean)
      .join(" · ");
    keyboard.text(clip(label, 64), OPEN_PRODUCT.data(codec, shop.ref, product.productId, "e"));
  });
  return keyboard;
}

// The stock and price dialogs' questions: their buttons are the dialog's own (`button`), signed by
// the dialog toolkit, which adds Close.

/** The warehouses of a product's stock, one a row (step "w", the warehouse's index). */
export function stockWarehouseKeyboard(
  button: ButtonData,
  labels: readonly string[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  labels.forEach((label, i) => {
    keyboard.text(label, button("w", i)).row();
  });
  return keyboard;
}

/** Stock old → new: Change (step "y") or another figure (step "a"). */
export function stockConfirmKeyboard(button: ButtonData, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("products-stock-yes"), button("y"))
    .text(t("products-another"), button("a"));
}

/** Price old → new: Change, another price; set the old price or the minimum as well. */
export function priceConfirmKeyboard(button: ButtonData, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("products-price-yes"), button("y"))
    .text(t("products-another"), button("a"))
    .row()
    .text(t("products-price-set-old"), button("o"))
    .text(t("products-price-set-min"), button("m"));
}

/** A change of more than half, asked once more: yes (step "b") or another price (step "a"). */
export function priceBigKeyboard(button: ButtonData, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("products-price-big-yes"), button("b"))
    .text(t("products-another"), button("a"));
}
