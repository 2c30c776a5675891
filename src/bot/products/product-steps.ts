/**
 * What the stock and price dialogs share: the product's shop looked up at every Ozon call (a
 * paused or removed shop ends the dialog with a sentence), the card read in
 * `conversation.external` (so a replay never calls Ozon again), Ozon's answer for the item in
 * words, and the card the dialog was entered from redrawn with the new figures.
 * Tests: none directly
 */
import { createHash, randomBytes } from "node:crypto";
import type { InlineKeyboard } from "grammy";
import { DateTime } from "luxon";
import type { Logger } from "../../logger.ts";
import type { Person } from "../../services/access/roles.ts";
import {
  type ChangeAudit,
  type ChangeOutcome,
  loadCard,
  type ProductCard,
} from "../../services/products/index.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { type AuditRecorder, actorOf } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationContext } from "../core/context.ts";
import type { Dialog, MessageRef } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { OPEN_PRODUCT } from "./buttons.ts";
import { ozonErrorText, productCardText } from "./format.ts";
import { productCardKeyboard } from "./keyboards.ts";

export interface ProductDialogDeps {
  shops: ShopRegistry;
  codec: CallbackCodec;
  timezone: string;
  now: () => number;
  logger?: Logger;
  /** Where stock and price changes are recorded (the audit trail). */
  audit?: AuditRecorder;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; text: string };

/** The steps of one product's dialog (stock, price): its shop, its card, its screens. */
export class ProductSteps {
  readonly dialog: Dialog;
  readonly deps: ProductDialogDeps;
  readonly shopId: string;
  readonly productId: string;
  readonly t: Translator;
  /** The card the dialog was entered from (redrawn after a change), if it was one. */
  readonly card: MessageRef | undefined;

  constructor(dialog: Dialog, deps: ProductDialogDeps, shopId: string, productId: string) {
    this.dialog = dialog;
    this.deps = deps;
    this.shopId = shopId;
    this.productId = productId;
    const first = dialog.ctx;
    this.t = first.t.bind(first);
    this.card = enteredFromCard(first, deps.codec);
  }

  /** The shop now, or why it cannot be acted for. */
  #shop(): SellerShop | string {
    const shop = this.deps.shops.get(this.shopId);
    if (!shop?.seller) return this.t("products-shop-unknown");
    if (shop.paused) return this.t("shop-paused", { name: shop.name });
    return shop as SellerShop;
  }

  /** Runs `call` with the shop once (recorded for replays); a failure comes back in words. */
  call<T>(call: (shop: SellerShop) => Promise<T>): Promise<Loaded<T>> {
    return this.dialog.conversation.external(async (): Promise<Loaded<T>> => {
      const shop = this.#shop();
      if (typeof shop === "string") return { ok: false, text: shop };
      try {
        return { ok: true, value: await call(shop) };
      } catch (error) {
        this.deps.logger?.warn({ err: error, shop: shop.id }, "products: an Ozon call failed");
        return { ok: false, text: ozonErrorText(this.t, error) };
      }
    });
  }

  /** The card's figures as Ozon shows them now; null when Ozon no longer knows the product. */
  load(): Promise<Loaded<ProductCard | null>> {
    return this.call(async (shop) => {
      const [ref] = await shop.seller.products.cards("product_id", [this.productId]);
      if (!ref) return null;
      return loadCard(shop.seller, ref, { now: this.deps.now(), timezone: this.deps.timezone });
    });
  }

  /** A screen headed by the shop's tag (with several shops). */
  async show(text: string, keyboard?: InlineKeyboard): Promise<void> {
    const tagged = withShopTag(this.t, this.deps.shops, this.shopId, text);
    await this.dialog.show(tagged, keyboard);
  }

  /**
   * A key unique to one confirmation screen: made (and recorded) when the screen is drawn, so a
   * double tap or a second process replaying the same dialog share it, while the same question
   * asked again after a refusal gets a new one.
   */
  async onceKey(): Promise<string> {
    const nonce = await this.dialog.conversation.external(() =>
      randomBytes(9).toString("base64url"),
    );
    const data = `${this.dialog.button("once")}:${nonce}`;
    return `${this.shopId}:${createHash("sha256").update(data).digest("hex").slice(0, 32)}`;
  }

  /**
   * Where the change is recorded, naming the product by its SKU (what its card's History looks
   * up) with offer_id and `place` (a warehouse) in words.
   */
  audit(
    card: Pick<ProductCard, "sku" | "offerId">,
    change: { from: string; to: string; place?: string },
  ): ChangeAudit | undefined {
    const recorder = this.deps.audit;
    if (!recorder) return undefined;
    const detail = [card.offerId, change.place].filter(Boolean).join(" · ");
    return {
      recorder,
      note: {
        actor: actorOf(this.dialog.ctx),
        shopId: this.shopId,
        objectId: card.sku ?? this.productId,
        ...(detail ? { detail } : {}),
        from: change.from,
        to: change.to,
      },
    };
  }

  /** When to try again, on the bot's clock (TIMEZONE): to the second, or to the minute. */
  retryText(at: number, format: "HH:mm:ss" | "HH:mm" = "HH:mm:ss"): string {
    return DateTime.fromMillis(at, { zone: this.deps.timezone }).toFormat(format);
  }

  /** Ozon's answer for the item in words (`done` is the dialog's own sentence). */
  outcomeText(outcome: ChangeOutcome, done: string): string {
    switch (outcome.kind) {
      case "done":
        return done;
      case "limited":
        if (outcome.limit === "price") {
          return this.t("products-price-too-often", {
            at: this.retryText(outcome.retryAt, "HH:mm"),
          });
        }
        if (outcome.limit === "stock") {
          return this.t("products-stock-too-frequent", { at: this.retryText(outcome.retryAt) });
        }
        return this.t("products-limited", { at: this.retryText(outcome.retryAt) });
      case "refused":
        if (outcome.code === "STOCK_TOO_BIG") return this.t("products-stock-refused-too-big");
        return this.t("products-refused", {
          code: outcome.code || "—",
          message: outcome.message || "—",
        });
      case "duplicate":
        return outcome.outcome
          ? `${this.t("products-duplicate")}\n${this.outcomeText(outcome.outcome, done)}`
          : this.t("products-duplicate-pending");
    }
  }

  /** The card it was entered from, drawn again with what Ozon shows now. */
  async redrawCard(): Promise<void> {
    const place = this.card;
    if (!place) return;
    const loaded = await this.load();
    if (!loaded.ok || !loaded.value) return;
    const card = loaded.value;
    const person = await this.dialog.conversation.external(
      (outside): Pick<Person, "roles" | "shops"> | null =>
        outside.person
          ? {
              roles: outside.person.roles,
              ...(outside.person.shops ? { shops: outside.person.shops } : {}),
            }
          : null,
    );
    const shop = this.deps.shops.get(this.shopId);
    if (!shop) return;
    const text = withShopTag(this.t, this.deps.shops, shop.id, productCardText(this.t, card));
    const keyboard = productCardKeyboard(
      this.deps.codec,
      this.t,
      person ?? undefined,
      shop,
      card.productId,
      card.sku,
    );
    await this.dialog.conversation.external(async (outside) => {
      await outside.api
        .editMessageText(place.chatId, place.messageId, text, { reply_markup: keyboard })
        .catch(() => undefined); // unchanged, or too old: the dialog's last screen says it all
    });
  }
}

/** The message pressed to enter, when it is a product card (it has the card's own buttons). */
function enteredFromCard(first: ConversationContext, codec: CallbackCodec): MessageRef | undefined {
  const message = first.callbackQuery?.message;
  const rows = message?.reply_markup?.inline_keyboard ?? [];
  const isCard = rows.some((row) =>
    row.some(
      (b) => "callback_data" in b && codec.decode(b.callback_data)?.kind === OPEN_PRODUCT.kind,
    ),
  );
  return message && isCard ? { chatId: message.chat.id, messageId: message.message_id } : undefined;
}
