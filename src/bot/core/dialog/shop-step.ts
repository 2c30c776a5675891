/**
 * "Which store?": the first step of a dialog when the person may act in more than one shop.
 * With one shop the dialog goes on without asking; with none it says so and ends.
 *
 * The shops are read once inside `conversation.external`, so a replay of the dialog sees the same
 * list even if an admin adds or removes a shop meanwhile. Callers keep the ShopChoice and look the
 * shop up in the registry whenever they call Ozon: a shop removed meanwhile then ends the dialog
 * with a sentence (see `shopGone`).
 * Tests: none directly
 */
import type { Shop } from "../../../shops/registry.ts";
import { type ShopChoice, shopChoice, shopKeyboard } from "../shop-tags.ts";
import type { Dialog } from "./dialog.ts";

export const SHOP_STEP = "shop";

export async function chooseShop(
  dialog: Dialog,
  reachable: () => readonly Shop[],
): Promise<ShopChoice | undefined> {
  const choices = await dialog.conversation.external(() => reachable().map(shopChoice));
  const [only] = choices;
  if (!only) {
    await dialog.show(dialog.t("shop-none-for-you"));
    return undefined;
  }
  if (choices.length === 1) return only;
  const keyboard = shopKeyboard(choices, (ref) => dialog.button(SHOP_STEP, ref));
  const picked = await dialog.choose(SHOP_STEP, dialog.t("shop-choose"), keyboard);
  return choices.find((choice) => choice.ref === picked) ?? chooseShop(dialog, reachable);
}

/** The sentence that ends a dialog whose shop was removed while it was open. */
export async function shopGone(dialog: Dialog, shop: ShopChoice): Promise<void> {
  await dialog.show(dialog.t("shop-gone", { name: shop.name }));
}
