/**
 * 💰 Price (managers, admins): type the new price → confirm old → new with the change in %, and
 * optionally the old price (before the discount; 0 removes it) and the minimum price → a change
 * of more than 50 % either way is asked once more, naming its size ("10 times lower") → Ozon sets
 * it, once → Ozon's answer in words, and the card redrawn. Money stays kopecks (bigint in the
 * script, decimal strings in its recorded state): no float anywhere.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import { InlineKeyboard } from "grammy";
import {
  bigChange,
  changePrice,
  type PriceInput,
  type ProductCard,
  parsePriceInput,
  percentChange,
  priceText,
} from "../../services/products/index.ts";
import { clip } from "../../text.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Checkpoint } from "../core/dialog/dialog.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { localeOf } from "../core/numbers.ts";
import { PRODUCT_PRICE_CONVERSATION } from "./handlers.ts";
import { priceBigKeyboard, priceConfirmKeyboard } from "./keyboards.ts";
import { type ProductDialogDeps, ProductSteps } from "./product-steps.ts";

export const PRICE_DIALOG = declareDialogButtons("dxp", "change a price");

const PRICE_REASON_KEYS = {
  not_a_number: "products-price-bad-number",
  not_positive: "products-price-not-positive",
  too_many_decimals: "products-price-decimals",
  too_big: "products-price-too-big",
} as const;

type Extra = "old" | "min";

export function priceConversation(deps: ProductDialogDeps): ConversationSpec {
  return dialogSpec({
    id: PRODUCT_PRICE_CONVERSATION,
    buttons: PRICE_DIALOG,
    codec: deps.codec,
    overKey: "products-dialog-over",
    audience: ["manager"],
    run: async (dialog, _first, shopId: string, productId: string) => {
      const pd = new ProductSteps(dialog, deps, shopId, productId);
      const { t } = pd;
      const loaded = await pd.load();
      if (!loaded.ok) return pd.show(loaded.text);
      const card = loaded.value;
      if (!card) return pd.show(t("products-gone"));
      const name = clip(card.name, 80);
      const old = BigInt(card.price ?? "0");
      const shown = (kopecks: string | undefined) =>
        kopecks === undefined || kopecks === "0"
          ? t("products-none")
          : priceText(BigInt(kopecks), localeOf(t));

      /** A typed price (or, for the old price, 0): the kopecks, or back to `asked` with why. */
      const typedPrice = async (
        asked: Checkpoint,
        text: string,
        allowZero: boolean,
      ): Promise<bigint> => {
        const parsed: PriceInput = parsePriceInput(text, allowZero, localeOf(t));
        if (parsed.ok) return parsed.kopecks;
        return dialog.rewind(asked, t(PRICE_REASON_KEYS[parsed.reason], { input: clip(text, 40) }));
      };

      // The new price, asked again (with why) from here.
      const asked = await dialog.checkpoint();
      const question = t("products-price-ask", {
        name,
        price: shown(card.price),
        old: shown(card.oldPrice),
        min: shown(card.minPrice),
      });
      await pd.show([asked.notice, question].filter(Boolean).join("\n\n"), new InlineKeyboard());
      const typed = await dialog.answer([]);
      if (typed.kind !== "text") return dialog.rewind(asked);
      const price = await typedPrice(asked, typed.text, false);

      // Old → new with the change in %; the old and the minimum price may be set too, each
      // carried back to this screen (Dialog.rewind) as kopecks. One key for every confirmation of
      // this price (a double tap of Change or of the 50 % question).
      const onceKey = await pd.onceKey();
      const confirm = await dialog.checkpoint<Partial<Record<Extra, string>>>();
      const extras = confirm.carried ?? {};
      const lines = [
        confirm.notice,
        t("products-price-confirm", {
          name,
          old: shown(card.price),
          new: priceText(price, localeOf(t)),
          change: old > 0n ? percentChange(old, price) : "—",
        }),
      ];
      if (extras.old !== undefined) {
        lines.push(
          t("products-price-confirm-old", { old: shown(card.oldPrice), new: shown(extras.old) }),
        );
      }
      if (extras.min !== undefined) {
        lines.push(
          t("products-price-confirm-min", { old: shown(card.minPrice), new: shown(extras.min) }),
        );
      }
      const keyboard = priceConfirmKeyboard(dialog.button, t);
      await pd.show(lines.filter(Boolean).join("\n"), keyboard);
      const answer = await dialog.answer(["y", "a", "o", "m"]);
      if (answer.kind === "text" || answer.step === "a") return dialog.rewind(asked);
      if (answer.step !== "y") {
        const extra: Extra = answer.step === "o" ? "old" : "min";
        const extraAsked = await dialog.checkpoint();
        const promptKey = extra === "old" ? "products-price-ask-old" : "products-price-ask-min";
        const prompt = t(promptKey, {
          current: shown(extra === "old" ? card.oldPrice : card.minPrice),
        });
        await pd.show(
          [extraAsked.notice, prompt].filter(Boolean).join("\n\n"),
          new InlineKeyboard(),
        );
        const extraTyped = await dialog.answer([]);
        if (extraTyped.kind !== "text") return dialog.rewind(extraAsked);
        const value = await typedPrice(extraAsked, extraTyped.text, extra === "old");
        return dialog.rewind(confirm, "", { ...extras, [extra]: value.toString() });
      }

      // More than 50 % either way: once more, naming the size.
      const big = old > 0n ? bigChange(old, price) : undefined;
      if (big) {
        const keyboard = priceBigKeyboard(dialog.button, t);
        await pd.show(
          t("products-price-big", {
            direction: big.direction,
            times: big.times,
            old: shown(card.price),
            new: priceText(price, localeOf(t)),
          }),
          keyboard,
        );
        const sure = await dialog.answer(["b", "a"]);
        if (sure.kind === "text" || sure.step === "a") return dialog.rewind(asked);
      }

      const sent = await pd.call((shop) =>
        changePrice(
          shop.seller,
          shop.store,
          {
            onceKey,
            productId,
            price: price.toString(),
            ...(extras.old !== undefined ? { oldPrice: extras.old } : {}),
            ...(extras.min !== undefined ? { minPrice: extras.min } : {}),
          },
          deps.now,
          pd.audit(card, priceChange(card, price, extras)),
        ),
      );
      if (!sent.ok) return pd.show(sent.text);
      const outcome = sent.value;
      if (outcome.kind === "refused") return dialog.rewind(asked, pd.outcomeText(outcome, ""));
      const done = t("products-price-done", {
        name,
        old: shown(card.price),
        new: priceText(price, localeOf(t)),
      });
      await pd.redrawCard();
      await pd.show(pd.outcomeText(outcome, done));
    },
  });
}

/** Old → new as the trail keeps it: the price, and the old and minimum prices set with it. */
function priceChange(
  card: Pick<ProductCard, "price" | "oldPrice" | "minPrice">,
  price: bigint,
  extras: Partial<Record<Extra, string>>,
): { from: string; to: string } {
  const text = (kopecks: string | bigint | undefined) =>
    kopecks === undefined || BigInt(kopecks) === 0n ? "—" : priceText(BigInt(kopecks));
  const from = [text(card.price)];
  const to = [text(price)];
  for (const [extra, value] of Object.entries(extras) as Array<[Extra, string]>) {
    const before = extra === "old" ? card.oldPrice : card.minPrice;
    from.push(`${extra} ${text(before)}`);
    to.push(`${extra} ${text(value)}`);
  }
  return { from: from.join(", "), to: to.join(", ") };
}
