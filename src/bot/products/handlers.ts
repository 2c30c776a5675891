/**
 * /products (warehouse, managers, admins): `/products <name fragment | offer_id | SKU | barcode>`,
 * or `/products` and then the query. One match is answered with its card, several with a short
 * pick list, in every shop the person's roles reach. A card's 🔄 redraws it; its 📦 Stock and
 * 💰 Price open the dialogs (only for the roles allowed, checked again at the press).
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { Message } from "grammy/types";
import type { ProductRef } from "../../ozon/index.ts";
import {
  type CatalogueCache,
  findProducts,
  loadCard,
  MAX_QUERY,
} from "../../services/products/index.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { mayUse } from "../core/guard.ts";
import type { FeatureFactory } from "../core/module.ts";
import { commandArgs } from "../core/router.ts";
import { isNotModified } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { TypedWaits } from "../core/typed-wait.ts";
import { OPEN_PRODUCT, PRODUCT_PRICE, PRODUCT_STOCK } from "./buttons.ts";
import { productShops, shopOfRef } from "./card-shop.ts";
import { ozonErrorText, productCardText } from "./format.ts";
import {
  type Pickable,
  PRICE_ROLES,
  pickKeyboard,
  productCardKeyboard,
  STOCK_ROLES,
} from "./keyboards.ts";
import { photoBarcodes } from "./photo.ts";

export const PRODUCT_STOCK_CONVERSATION = "product-stock";
export const PRODUCT_PRICE_CONVERSATION = "product-price";
const PRODUCTS_ROLES = ["warehouse", "manager"] as const;
/** After `/products` alone, the person's next message in that chat is the query, for this long. */
const WAIT_TTL_MS = 10 * 60_000;
/** The typed wait's kind (core/typed-wait.ts): a press or a command meanwhile ends it. */
const PRODUCTS = "products";

export interface ProductsFeatureDeps {
  shops: ShopRegistry;
  catalogue: CatalogueCache;
  now: () => number;
}

/** The card of one product of `shop`, as text and buttons for this person (or why not). */
export async function cardScreen(
  ctx: BotContext,
  deps: { codec: FeatureDeps["codec"]; timezone: string; shops: ShopRegistry; now: () => number },
  shop: SellerShop,
  ref: ProductRef,
) {
  const card = await loadCard(shop.seller, ref, { now: deps.now(), timezone: deps.timezone });
  const text = withShopTag(ctx.t, deps.shops, shop.id, productCardText(ctx.t, card));
  const keyboard = productCardKeyboard(
    deps.codec,
    ctx.t,
    ctx.person,
    shop,
    ref.productId,
    card.sku,
  );
  return { text, keyboard };
}

export function productsFeature(area: ProductsFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config, logger } = deps;
    const waits = new TypedWaits(deps);
    const { shops, catalogue, now } = area;
    const screenDeps = { codec, timezone: config.timezone, shops, now };

    /** The first of `queries` (a photo's codes, best first) that finds something is answered. */
    async function search(ctx: BotContext, queries: string | readonly string[]): Promise<void> {
      const reachable = productShops(ctx.person, shops);
      if (reachable.length === 0) return void (await ctx.reply(ctx.t("shop-none-for-you")));
      const asked = (typeof queries === "string" ? [queries] : queries).map((q) =>
        q.trim().slice(0, MAX_QUERY),
      );
      const q = asked[0] ?? "";
      await ctx.replyWithChatAction("typing");
      const found: Pickable[] = [];
      const failures: string[] = [];
      let total = 0;
      for (const query of asked) {
        for (const shop of reachable) {
          try {
            const hits = await findProducts(shop.seller.products, shop.id, query, catalogue);
            total += hits.total;
            for (const product of hits.products) found.push({ shop, product });
          } catch (error) {
            logger.warn({ err: error, shop: shop.id }, "products: a search failed");
            failures.push(withShopTag(ctx.t, shops, shop.id, ozonErrorText(ctx.t, error)));
          }
        }
        if (found.length > 0 || failures.length > 0) break;
      }
      const [only] = found;
      if (found.length === 1 && only) {
        const shop = reachable.find((s) => s.id === (only.shop as SellerShop).id) as SellerShop;
        await sendCard(ctx, shop, only.product);
      } else if (found.length > 1) {
        const head = ctx.t("products-pick", { count: total, shown: found.length });
        await ctx.reply(head, { reply_markup: pickKeyboard(codec, found, shops.many) });
      } else if (failures.length === 0) {
        await ctx.reply(ctx.t("products-none-found", { query: clip(q, 64) }));
      }
      if (failures.length > 0) await ctx.reply(failures.join("\n\n"));
    }

    async function sendCard(ctx: BotContext, shop: SellerShop, product: ProductRef) {
      try {
        const { text, keyboard } = await cardScreen(ctx, screenDeps, shop, product);
        await ctx.reply(text, { reply_markup: keyboard });
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "products: a card could not be read");
        await ctx.reply(withShopTag(ctx.t, shops, shop.id, ozonErrorText(ctx.t, error)));
      }
    }

    router.command("products", async (ctx) => {
      const text = commandArgs(ctx);
      if (text) return search(ctx, text);
      await waits.start(ctx, PRODUCTS, true, WAIT_TTL_MS);
      await ctx.reply(ctx.t("products-prompt"), {
        reply_markup: {
          force_reply: true,
          selective: true,
          input_field_placeholder: ctx.t("products-placeholder").slice(0, 64),
        },
      });
    });

    router.button(OPEN_PRODUCT, PRODUCTS_ROLES, async (ctx, [ref, id, how]) => {
      const found = shopOfRef(ctx.t, ctx.person, shops, ref);
      if (!found.ok) return ctx.answerCallbackQuery({ text: found.text, show_alert: true });
      const { shop } = found;
      try {
        const kind = how === "s" ? "sku" : "product_id";
        const [product] = await shop.seller.products.cards(kind, [id]);
        if (!product) {
          return ctx.answerCallbackQuery({ text: ctx.t("products-gone"), show_alert: true });
        }
        const { text, keyboard } = await cardScreen(ctx, screenDeps, shop, product);
        await ctx.answerCallbackQuery();
        const message = ctx.callbackQuery?.message;
        if (how === "e" && message) {
          await ctx.api
            .editMessageText(message.chat.id, message.message_id, text, {
              reply_markup: keyboard,
            })
            .catch(async (error: unknown) => {
              if (isNotModified(error)) return;
              await ctx.reply(text, { reply_markup: keyboard });
            });
        } else {
          await ctx.reply(text, { reply_markup: keyboard });
        }
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "products: a card could not be read");
        await ctx.answerCallbackQuery({
          text: ozonErrorText(ctx.t, error).slice(0, 200),
          show_alert: true,
        });
      }
    });

    const entry =
      (role: "warehouse" | "manager", conversation: string) =>
      async (ctx: BotContext, [ref, id, warehouseId]: [string, string, string?]) => {
        const found = shopOfRef(ctx.t, ctx.person, shops, ref, role);
        if (!found.ok) return ctx.answerCallbackQuery({ text: found.text, show_alert: true });
        await ctx.answerCallbackQuery();
        await ctx.conversation.exitAll();
        // A stock alert's button names its warehouse: the dialog goes straight to the number.
        if (warehouseId) await ctx.conversation.enter(conversation, found.shop.id, id, warehouseId);
        else await ctx.conversation.enter(conversation, found.shop.id, id);
      };
    const enters = { entersConversation: true } as const;
    router.button(
      PRODUCT_STOCK,
      STOCK_ROLES,
      entry("warehouse", PRODUCT_STOCK_CONVERSATION),
      enters,
    );
    router.button(PRODUCT_PRICE, PRICE_ROLES, entry("manager", PRODUCT_PRICE_CONVERSATION), enters);

    /** True once: this person asked with `/products` alone in this chat and this is what followed. */
    async function wasAsked(ctx: BotContext): Promise<boolean> {
      return (await waits.take(ctx, PRODUCTS)) !== undefined;
    }

    const composer = new Composer<BotContext>();
    composer.on("message:text", async (ctx, next) => {
      const message: Message = ctx.message;
      if (message.text?.startsWith("/") || !mayUse(ctx.person, PRODUCTS_ROLES)) return next();
      if (!(await wasAsked(ctx))) return next();
      await search(ctx, message.text ?? "");
    });
    composer.on(["message:photo", "message:document"], async (ctx, next) => {
      if (!mayUse(ctx.person, PRODUCTS_ROLES)) return next();
      // Only asked for: a photo otherwise is a label for /find, or a file for someone else.
      if ((await waits.peek(ctx, PRODUCTS)) === undefined) return next();
      const read = await photoBarcodes(ctx, deps, ctx.message);
      if (read === "not-an-image") return next();
      await waits.end(ctx);
      if (read === "told") return;
      await search(ctx, read);
    });
    return composer;
  };
}
