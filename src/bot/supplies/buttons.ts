/**
 * Every button kind of the supplies area, declared once with its arguments (core/buttons.ts).
 * The kinds are the data of buttons already in people's chats: never change one.
 * Tests: none directly
 */
import { NUMERIC_ID_ARG, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** /supplies' store (several stores): `fsp:<shop>`. */
export const SUPPLIES_SHOP = declareButton(
  "fsp",
  "supplies: a store's supply orders",
  SHOP_REF_ARG,
);

/** A supply order's card with its contents: `fso:<shop>:<order id>`. */
export const SUPPLY_OPEN = declareButton(
  "fso",
  "supplies: a supply order's card",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
);
