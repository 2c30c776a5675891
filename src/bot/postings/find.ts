/**
 * Finding a posting (warehouse, admins): `/find <number>`, `/find` and then the number (or a
 * photo), and in a private chat simply typing a posting number, an order number or the digits of
 * a label's barcode, or sending a photo of the label. The answer is the posting's card with its
 * buttons (the /postings card), in every shop the person's warehouse role reaches.
 *
 * Installed with the other features, after the conversations and the relay's replies: a dialog
 * waiting for text gets it first, and a reply to a relayed buyer message goes to the buyer. Here
 * only people holding warehouse (or admin) are served; a reply to some other message, or text
 * that does not look like a number, goes on to the fallback.
 * Tests: none directly
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { Posting } from "../../ozon/seller/types.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { isOwnDelivery } from "../../services/deliveries/own-delivery.ts";
import type { PostingEarned, PostingEarnings } from "../../services/money/index.ts";
import { type FindQuery, findPostings, parseFindQuery } from "../../services/postings/find.ts";
import { historyButton } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { mayUse } from "../core/guard.ts";
import type { FeatureFactory } from "../core/module.ts";
import { commandArgs } from "../core/router.ts";
import { shopTag, withShopTag } from "../core/shop-tags.ts";
import { TypedWaits } from "../core/typed-wait.ts";
import { earnedLine, maySeeMoney, withEarnedButton } from "../money/index.ts";
import { photoQueries } from "./find-photo.ts";
import { AWAITING_PACKAGING, clip, describeOzonError, postingCard, problemText } from "./format.ts";
import {
  DISPUTABLE,
  disputeKeyboard,
  labelKeyboard,
  ON_THE_WAY,
  postingKeyboard,
  withDeliveryButton,
} from "./keyboards.ts";
import { type PostingShops, reachableShops, type SellerShop } from "./posting-shop.ts";

const WAREHOUSE = ["warehouse"] as const;
/** After `/find` alone, the person's next message in that chat is the query, for this long. */
const WAIT_TTL_MS = 10 * 60_000;
/** Cards sent for one search (an order of many postings is rare; more is a wall of messages). */
export const MAX_CARDS = 5;
/** A status after which the label is still worth printing. */
const AWAITING_DELIVER = "awaiting_deliver";

export interface FindFeatureDeps {
  shops: PostingShops;
  /** What each posting earned (the card's 💰 line), for those who see money. */
  earnings?: PostingEarnings;
}

/** What "nothing found" says, by what was searched. */
const NONE_KEYS = {
  posting: "find-none-posting",
  order: "find-none-order",
  barcode: "find-none-barcode",
} as const satisfies Record<FindQuery["kind"], string>;

/** The typed wait's kind (core/typed-wait.ts): a press or a command meanwhile ends it. */
const FIND = "find";

export function findFeature(area: FindFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config } = deps;
    const { shops } = area.shops;
    const waits = new TypedWaits(deps);

    /** Searches every shop the person reaches and answers with the cards, or says why none. */
    async function answer(ctx: BotContext, queries: readonly FindQuery[]): Promise<void> {
      const reachable = reachableShops(ctx.person, shops);
      if (reachable.length === 0) return void (await ctx.reply(ctx.t("shop-none-for-you")));
      await ctx.replyWithChatAction("typing");
      const cards: Array<{ shop: SellerShop; posting: Posting }> = [];
      const failures = new Map<string, string>();
      for (const query of queries) {
        for (const finding of await findPostings(query, reachable)) {
          const { shop } = finding;
          if ("error" in finding) {
            const reason = problemText(ctx.t, describeOzonError(finding.error, query.value));
            const tag = shopTag(ctx.t, shops, shop.id);
            failures.set(shop.id, tag ? `${tag}: ${reason}` : reason);
            continue;
          }
          for (const posting of finding.postings) {
            const number = posting.postingNumber;
            const twice = cards.some(
              (c) => c.shop.id === shop.id && c.posting.postingNumber === number,
            );
            if (!twice) cards.push({ shop, posting });
          }
        }
        // The first of a photo's barcodes that finds something is the label.
        if (cards.length > 0) break;
      }
      const shown = cards.slice(0, MAX_CARDS);
      const earned = await earnedOf(ctx, shown);
      for (const { shop, posting } of shown) {
        const status = ctx.t("find-status", {
          status: ctx.t("postings-status", { status: posting.status }),
        });
        const card = postingCard(posting, {
          t: ctx.t,
          locale: ctx.locale,
          timezone: config.timezone,
        });
        const money = earned.get(`${shop.id}\u0000${posting.postingNumber}`);
        const text = money
          ? `${card}\n\n${status}\n${earnedLine(ctx.t, money)}`
          : `${card}\n\n${status}`;
        const keyboard = keyboardFor(ctx, posting, shop);
        await ctx.reply(withShopTag(ctx.t, shops, shop.id, text), {
          reply_markup: money
            ? withEarnedButton(keyboard, codec, ctx.t, posting.postingNumber, shop.ref)
            : keyboard,
        });
      }
      const notes: string[] = [];
      if (cards.length > MAX_CARDS) {
        notes.push(ctx.t("find-more", { shown: MAX_CARDS, count: cards.length }));
      }
      // "Not found" only where Ozon answered; a shop that failed is named with its failure.
      const answered = reachable.filter((shop) => !failures.has(shop.id));
      if (cards.length === 0 && answered.length > 0) {
        const first = queries[0] as FindQuery;
        notes.push(ctx.t(NONE_KEYS[first.kind], { query: first.value }));
        if (shops.many) {
          const names = answered.map((shop) => shop.name).join(", ");
          notes.push(ctx.t("find-searched", { stores: names }));
        }
      }
      notes.push(...failures.values());
      if (notes.length > 0) await ctx.reply(notes.join("\n\n"));
    }

    /**
     * What the shown postings earned, one batched read per shop (kept reads cost no call), for
     * those who see money; a failure leaves the line out.
     */
    async function earnedOf(
      ctx: BotContext,
      shown: ReadonlyArray<{ shop: SellerShop; posting: Posting }>,
    ): Promise<Map<string, PostingEarned>> {
      const found = new Map<string, PostingEarned>();
      if (!area.earnings || !maySeeMoney(ctx) || shown.length === 0) return found;
      const byShop = new Map<string, { shop: SellerShop; numbers: string[] }>();
      for (const { shop, posting } of shown) {
        // Found through another role (warehouse), a store's money shows only to its managers.
        if (!reachesShop(ctx.person, "manager", shop.id)) continue;
        const entry = byShop.get(shop.id) ?? { shop, numbers: [] };
        entry.numbers.push(posting.postingNumber);
        byShop.set(shop.id, entry);
      }
      for (const { shop, numbers } of byShop.values()) {
        const earned = await area.earnings.of(shop, numbers).catch(() => new Map());
        for (const [number, money] of earned) found.set(`${shop.id}\u0000${number}`, money);
      }
      return found;
    }

    /**
     * The buttons a found posting can use: all of them while it awaits packaging; the label once
     * packed; an own delivery's card while the seller delivers it; a dispute for a seller once it
     * is delivered or cancelled.
     */
    function keyboardFor(
      ctx: BotContext,
      posting: Pick<Posting, "postingNumber" | "status" | "products" | "integration">,
      shop: SellerShop,
    ): InlineKeyboard {
      const number = posting.postingNumber;
      // Whatever its state, who did what to it: the trail's History (who cancelled it?).
      const history = historyButton(ctx.t, codec, "p", number);
      if (posting.status === AWAITING_PACKAGING) {
        const lines = posting.products.map((p) => ({ sku: String(p.sku), name: p.name }));
        return postingKeyboard(codec, ctx.t, posting, mayWriteToBuyer(ctx), shop.ref, lines)
          .row()
          .add(history);
      }
      if (posting.status === AWAITING_DELIVER) {
        const label = labelKeyboard(codec, ctx.t, [number], number, shop.ref);
        return withDeliveryButton(label, codec, ctx.t, posting, shop.ref).row().add(history);
      }
      if (ON_THE_WAY.has(posting.status) && isOwnDelivery(posting)) {
        return withDeliveryButton(new InlineKeyboard(), codec, ctx.t, posting, shop.ref)
          .row()
          .add(history);
      }
      if (DISPUTABLE.has(posting.status) && mayUse(ctx.person, ["seller"])) {
        return disputeKeyboard(codec, ctx.t, number, shop.ref).row().add(history);
      }
      return new InlineKeyboard().add(history); // on its way with Ozon, or nothing else to press
    }

    async function answerText(ctx: BotContext, text: string): Promise<void> {
      const query = parseFindQuery(text);
      if (query) return answer(ctx, [query]);
      await ctx.reply(ctx.t("find-not-a-number", { text: clip(text.trim(), 64) }));
    }

    router.command("find", async (ctx) => {
      const text = commandArgs(ctx);
      if (text) return answerText(ctx, text);
      await waits.start(ctx, FIND, true, WAIT_TTL_MS);
      await ctx.reply(ctx.t("find-prompt"), {
        reply_markup: {
          force_reply: true,
          selective: true,
          input_field_placeholder: ctx.t("find-placeholder").slice(0, 64),
        },
      });
    });

    /** True once: this person asked with `/find` alone in this chat and this is what followed. */
    async function wasAsked(ctx: BotContext): Promise<boolean> {
      return (await waits.take(ctx, FIND)) !== undefined;
    }

    /** Typed or photographed without `/find`: only in a private chat, never as a reply. */
    const unasked = (ctx: BotContext, message: Message) =>
      ctx.chat?.type === "private" && message.reply_to_message === undefined;

    const composer = new Composer<BotContext>();
    composer.on("message:text", async (ctx, next) => {
      const message = ctx.message;
      if (isCommand(message) || !mayUse(ctx.person, WAREHOUSE)) return next();
      if (await wasAsked(ctx)) return answerText(ctx, message.text);
      if (!unasked(ctx, message)) return next();
      const query = parseFindQuery(message.text);
      if (!query) return next();
      await answer(ctx, [query]);
    });
    composer.on(["message:photo", "message:document"], async (ctx, next) => {
      const message = ctx.message;
      if (!mayUse(ctx.person, WAREHOUSE)) return next();
      if (!(await wasAsked(ctx)) && !unasked(ctx, message)) return next();
      const read = await photoQueries(ctx, deps, message);
      if (read === "not-an-image") return next();
      if (read.kind === "told") return;
      await answer(ctx, read.queries);
    });
    return composer;
  };
}

/** Write to buyer is offered where it can work: a seller's (or admin's) private chat, or a group. */
function mayWriteToBuyer(ctx: BotContext): boolean {
  return ctx.chat?.type !== "private" || mayUse(ctx.person, ["seller"]);
}

function isCommand(message: Message): boolean {
  const entity = message.entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0;
}
