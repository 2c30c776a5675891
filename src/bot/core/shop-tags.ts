/**
 * Shops on screens and in buttons. With more than one shop every alert, relayed message, report
 * and dialog screen names its shop ("🏬 Северный"); with one, nothing changes. Buttons carry the
 * shop's short ref (src/shops/refs.ts), never a guess.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

/** "🏬 Северный" when there are several shops, "" with one (or an unknown id). */
export function shopTag(t: Translate, shops: ShopRegistry, shopId: string): string {
  if (!shops.many) return "";
  const shop = shops.get(shopId);
  return shop ? t("shop-tag", { name: shop.name }) : "";
}

/** `text` headed by the shop's tag on a line of its own, when there are several shops. */
export function withShopTag(
  t: Translate,
  shops: ShopRegistry,
  shopId: string,
  text: string,
): string {
  const tag = shopTag(t, shops, shopId);
  return tag ? `${tag}\n${text}` : text;
}

/** What a dialog keeps of a chosen shop: plain data, safe in a conversation's replayed state. */
export interface ShopChoice {
  id: string;
  ref: string;
  name: string;
}

export function shopChoice(shop: Shop): ShopChoice {
  return { id: shop.id, ref: shop.ref, name: shop.name };
}

/** One button per shop, two in a row; `data` builds each button's callback data from the ref. */
export function shopKeyboard(
  shops: readonly ShopChoice[],
  data: (ref: string) => string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  shops.forEach((shop, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(shop.name, data(shop.ref));
  });
  return keyboard;
}
