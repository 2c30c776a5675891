/**
 * Every button kind of the sales area, declared once with its arguments (core/buttons.ts). The
 * kinds are the data of buttons already in people's chats: never change one.
 * Tests: none directly
 */
import { SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/**
 * 🛒 Sales under /subscribe: `sls` opens the stores to choose (several stores), `sls:<shop>`
 * turns one store's sales alerts on or off for the chat.
 */
export const SALES_TOGGLE = declareButton(
  "sls",
  "sales: FBO order alerts of a store on or off for the chat",
  SHOP_REF_ARG.optional(),
);
