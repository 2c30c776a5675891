/**
 * 📦 Stock (warehouse, admins): the warehouse (asked only when the product is at more than one
 * FBS warehouse) → the new number of units available, or +N / −N → confirm old → new → Ozon sets
 * it, once (a double tap or a second process sends nothing more) → Ozon's answer in words, and the
 * card it was entered from redrawn. A refusal asks for the number again with Ozon's words; Ozon's
 * once-per-30-s limit says when to try again.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import { InlineKeyboard } from "grammy";
import {
  available,
  type ChangeOutcome,
  changeStock,
  MAX_UNITS,
  parseStockInput,
  type WarehouseUnits,
} from "../../services/products/index.ts";
import { clip } from "../../text.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { headed, Questions } from "../core/dialog/questions.ts";
import { countText } from "../core/numbers.ts";
import { PRODUCT_STOCK_CONVERSATION } from "./handlers.ts";
import { stockConfirmKeyboard, stockWarehouseKeyboard } from "./keyboards.ts";
import { type ProductDialogDeps, ProductSteps } from "./product-steps.ts";

export const STOCK_DIALOG = declareDialogButtons("dxs", "change a stock");

const STOCK_REASON_KEYS = {
  not_a_number: "products-stock-bad-number",
  below_zero: "products-stock-below-zero",
  too_big: "products-stock-too-big",
} as const;

export function stockConversation(deps: ProductDialogDeps): ConversationSpec {
  return dialogSpec({
    id: PRODUCT_STOCK_CONVERSATION,
    buttons: STOCK_DIALOG,
    codec: deps.codec,
    overKey: "products-dialog-over",
    audience: ["warehouse"],
    run: async (dialog, _first, shopId: string, productId: string, warehouseId?: string) => {
      const pd = new ProductSteps(dialog, deps, shopId, productId);
      const { t } = pd;
      const loaded = await pd.load();
      if (!loaded.ok) return pd.show(loaded.text);
      const card = loaded.value;
      if (!card) return pd.show(t("products-gone"));
      if (card.warehouses.length === 0) return pd.show(t("products-stock-no-warehouses"));
      const name = clip(card.name, 80);

      // The warehouse: asked only when there is a choice and the button did not name it.
      const named = card.warehouses.find((w) => w.id === warehouseId);
      let warehouse = named ?? (card.warehouses[0] as WarehouseUnits);
      if (!named && card.warehouses.length > 1) {
        const labels = card.warehouses.map((w) =>
          t("products-stock-warehouse-button", {
            name: clip(w.name, 40),
            available: countText(t, available(w)),
          }),
        );
        const keyboard = stockWarehouseKeyboard(dialog.button, labels);
        const questions = new Questions(dialog, { show: (text, kb) => pd.show(text, kb) }, t);
        const indices = card.warehouses.map((_, i) => i);
        const picked = await questions.pick(
          t("products-stock-choose", { name }),
          keyboard,
          "w",
          indices,
        );
        if (picked === undefined) return;
        warehouse = card.warehouses[picked] as WarehouseUnits;
      }
      const now = available(warehouse);

      // The number, asked again (with why) from here.
      const asked = await dialog.checkpoint();
      const question = t("products-stock-ask", {
        name,
        warehouse: clip(warehouse.name, 60),
        present: countText(t, warehouse.present),
        reserved: countText(t, warehouse.reserved),
        available: countText(t, now),
        max: MAX_UNITS,
      });
      await pd.show(headed(asked.notice, question), new InlineKeyboard());
      const typed = await dialog.answer([]);
      if (typed.kind !== "text") return dialog.rewind(asked);
      const parsed = parseStockInput(typed.text, now);
      if (!parsed.ok) {
        const why = t(STOCK_REASON_KEYS[parsed.reason], {
          input: clip(typed.text, 40),
          max: MAX_UNITS,
        });
        return dialog.rewind(asked, why);
      }
      const units = parsed.units;

      // Old → new until Change is pressed; a typed number is a new answer to the question.
      const onceKey = await pd.onceKey();
      const keyboard = stockConfirmKeyboard(dialog.button, t);
      await pd.show(
        t("products-stock-confirm", {
          name,
          warehouse: clip(warehouse.name, 60),
          old: countText(t, now),
          new: countText(t, units),
          reserved: countText(t, warehouse.reserved),
        }),
        keyboard,
      );
      const confirmed = await dialog.answer(["y", "a"]);
      if (confirmed.kind === "text" || confirmed.step === "a") return dialog.rewind(asked);

      const sent = await pd.call((shop) =>
        changeStock(
          shop.seller,
          shop.store,
          { onceKey, productId, warehouseId: warehouse.id, units },
          deps.now,
          pd.audit(card, { from: String(now), to: String(units), place: warehouse.name }),
        ),
      );
      if (!sent.ok) return pd.show(sent.text);
      const outcome: ChangeOutcome = sent.value;
      if (outcome.kind === "refused") {
        return dialog.rewind(asked, pd.outcomeText(outcome, ""));
      }
      const done = t("products-stock-done", {
        name,
        warehouse: clip(warehouse.name, 60),
        old: countText(t, now),
        new: countText(t, units),
      });
      await pd.redrawCard();
      await pd.show(pd.outcomeText(outcome, done));
    },
  });
}
