/**
 * Every button kind of the products area (not the stock and price dialogs' own: stock-dialog.ts
 * and price-dialog.ts make theirs through the dialog toolkit), declared once with its arguments
 * (core/buttons.ts): keyboards make their data here, handlers get the arguments typed, and a
 * press whose arguments do not fit is refused by the router before any handler runs. The kinds
 * are the data of buttons already in people's chats: never change one.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts and 2 more)
 */

import { NUMERIC_ID_ARG, oneOf, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/**
 * How a card opens: e edits the pressed message, n a new message, s a new message with the id a
 * SKU (a posting card's product line). A button without it opens a new message.
 */
export const CARD_OPENINGS = ["e", "n", "s"] as const;

/**
 * A product's card, `pxc:<shop>:<product id or SKU>[:<how>]`: on the pick list, 🔄 on the card,
 * and 🛍 on a posting's card (postings/keyboards.ts, through productLineButton).
 */
export const OPEN_PRODUCT = declareButton(
  "pxc",
  "products: open a product's card",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
  oneOf(CARD_OPENINGS).optional(),
);

/**
 * 📦 Set stock on a card or a stock alert (stock/keyboards.ts): enters the stock dialog. An
 * alert names its warehouse (the last argument, added later: older buttons go without), so the
 * dialog asks the number straight away.
 */
export const PRODUCT_STOCK = declareButton(
  "pxs",
  "products: set a product's stock (the stock dialog)",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
  NUMERIC_ID_ARG.optional(),
);

/** 💰 Price on a card: enters the price dialog. */
export const PRODUCT_PRICE = declareButton(
  "pxp",
  "products: set a product's price (the price dialog)",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
);
