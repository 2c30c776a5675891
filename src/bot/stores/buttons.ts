/**
 * Every button kind of /stores (not the add and rename dialogs' own: add-store-dialog.ts and
 * rename-dialog.ts make theirs through the dialog toolkit), declared once with its arguments
 * (core/buttons.ts): the screens make their data here, handlers get the arguments typed, and a
 * press whose arguments do not fit is refused by the router before any handler runs. The kinds
 * are the data of buttons already in people's chats: never change one.
 * Tests: none directly
 */
import { z } from "zod";
import { oneOf, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton, declareButtonShapes } from "../core/buttons.ts";

/**
 * The list's own buttons: `st:l` the list again; `st:<action>:<shop>` with pause, resume, remove
 * asked (p, u, d) and confirmed (P, U, D), and e: remove a store of the environment (refused).
 */
export const STORES = declareButtonShapes(
  "st",
  "stores: the list, pause, resume, remove",
  [z.literal("l")],
  [oneOf(["p", "P", "u", "U", "d", "D", "e"]), SHOP_REF_ARG],
);

/** ➕ Add a store: enters the add dialog. */
export const ADD_STORE = declareButton("sta", "stores: add a store (the add dialog)");

/** ✏️ <name>: enters the rename dialog of that store. */
export const RENAME_STORE = declareButton(
  "str",
  "stores: rename a store (the rename dialog)",
  SHOP_REF_ARG,
);
