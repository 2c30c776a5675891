/**
 * A card a postings dialog was on comes back as its posting is now (services/postings/
 * card-now.ts): packed by someone else with the Label only, cancelled without buttons, drawn by
 * the shop's notifier exactly as the watcher's follow-up draws it. Installed before the dialogs,
 * so /cancel and Close (which run before them) find it on the context (ctx.redrawCard, used by
 * restoreCard in core/dialog/person-places.ts).
 *
 * Anything that goes wrong (Ozon slow or down, the shop paused or gone) puts the card back as it
 * was, as before: the watcher's next pass still mends a chat it has not told yet.
 * Tests: none directly
 */
import { Composer } from "grammy";
import { changeOnCard } from "../../services/postings/card-now.ts";
import type { CardBook } from "../../services/postings/cards.ts";
import type { PostingNotifier } from "../../services/postings/notifier.ts";
import { PackedByLedger } from "../../services/postings/packed-by.ts";
import type { Shop } from "../../shops/registry.ts";
import type { BotContext, DialogCard } from "../core/context.ts";
import type { FeatureFactory } from "../core/module.ts";
import type { PostingShops } from "./posting-shop.ts";

export interface CardRedrawDeps {
  shops: PostingShops;
  /** The notifier that draws the shop's cards; undefined until the module can send. */
  notifierOf(shop: Shop): Pick<PostingNotifier, "redraw"> | undefined;
  /** The shop's card book (the watcher's records of who got which card). */
  cardsOf(shop: Shop): CardBook;
  now: () => number;
  /** How long Ozon may take to say what became of the posting (default card-now.ts). */
  timeoutMs?: number;
}

export function cardRedrawFeature(deps: CardRedrawDeps): FeatureFactory {
  return ({ logger }) => {
    const composer = new Composer<BotContext>();
    composer.use((ctx, next) => {
      ctx.redrawCard = async (card) => {
        try {
          return await redraw(ctx, card);
        } catch (error) {
          logger.info({ err: error, posting: card.posting }, "card put back as it was");
          return false;
        }
      };
      return next();
    });
    return composer;
  };

  async function redraw(ctx: BotContext, card: DialogCard): Promise<boolean> {
    const chat = ctx.chat;
    if (!card.posting || !chat) return false;
    const shop = card.shop === undefined ? deps.shops.legacy() : deps.shops.shops.byRef(card.shop);
    if (!shop?.seller || shop.paused) return false;
    const notifier = deps.notifierOf(shop);
    if (!notifier?.redraw) return false;
    const settings = {
      reader: shop.seller.postings,
      packedBy: new PackedByLedger(shop.store),
      cards: deps.cardsOf(shop),
      now: deps.now,
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    };
    const change = await changeOnCard(settings, card.posting, chat.id);
    if (!change) return false;
    const kind = chat.type === "private" ? "private" : "group";
    await notifier.redraw({ chatId: chat.id, kind }, change, [{ messageId: card.messageId }]);
    return true;
  }
}
