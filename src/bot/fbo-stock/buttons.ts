/**
 * Every button kind of the FBO stock area, declared once with its arguments (core/buttons.ts).
 * The kinds are the data of buttons already in people's chats: never change one.
 * Tests: none directly
 */
import { oneOf, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** /stock's store (several stores): `fst:<shop>`. */
export const FBO_STOCK_SHOP = declareButton(
  "fst",
  "fbo stock: a store's days per cluster",
  SHOP_REF_ARG,
);

/**
 * The restock file: `frs:<shop>` asks how many days to cover, `frs:<shop>:<days>` sends the XLSX.
 */
export const RESTOCK = declareButton(
  "frs",
  "fbo stock: the restock XLSX of a store",
  SHOP_REF_ARG,
  oneOf(["14", "28", "42", "56", "90"]).optional(),
);

/** Days-of-stock thresholds a store may choose (under them a cluster is told). */
export const DAYS_CHOICES = [7, 10, 14, 21, 28, 45, 60] as const;

/**
 * A store's days threshold (admins, from /stock): `fth:<shop>` opens the choices,
 * `fth:<shop>:<days>` sets one.
 */
export const DAYS_THRESHOLD = declareButton(
  "fth",
  "fbo stock: a store's days-of-stock threshold",
  SHOP_REF_ARG,
  oneOf(DAYS_CHOICES.map(String) as ["7", ...string[]]).optional(),
);
