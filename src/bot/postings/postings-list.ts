/**
 * /postings: the postings awaiting packaging of every shop the person's warehouse role reaches
 * (or of one shop, from a button of that shop's alerts), paged, a line and a Pack button per
 * posting. With several shops the postings are grouped by shop under its name; a shop whose Ozon
 * failed says so in one line and the others are still listed.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { showScreen } from "../core/screen-text.ts";
import { shopTag, withShopTag } from "../core/shop-tags.ts";
import { OPEN_POSTING, SHIP } from "./buttons.ts";
import { describeOzonError, formatOf, type Problem, postingGist, problemText } from "./format.ts";
import { listData } from "./keyboards.ts";
import { type PostingShops, reachableShops, type SellerShop } from "./posting-shop.ts";

export const POSTINGS_PAGE_SIZE = 5;

export interface PostingsListDeps {
  codec: CallbackCodec;
  timezone: string;
  logger: Logger;
  where: PostingShops;
}

type ShopListing =
  | { shop: SellerShop; postings: Posting[] }
  | { shop: SellerShop; problem: Problem };

/** Shows page `requested` of the list: of `only`, or of every shop the person reaches. */
export function postingsList(deps: PostingsListDeps) {
  const { codec, timezone, logger, where } = deps;
  const { shops } = where;

  async function listingOf(shop: SellerShop): Promise<ShopListing> {
    try {
      return { shop, postings: await awaitingPostings(shop.seller) };
    } catch (error) {
      logger.warn({ err: error, shop: shop.id }, "listing postings failed");
      return { shop, problem: describeOzonError(error) };
    }
  }

  return async function showList(
    ctx: BotContext,
    requested: number,
    only: SellerShop | undefined,
  ): Promise<void> {
    const listed = only ? [only] : reachableShops(ctx.person, shops);
    if (listed.length === 0) return void (await showScreen(ctx, ctx.t("shop-none-for-you")));
    // Each shop on its own: one slow or failing shop does not hide the others' postings.
    const listings = await Promise.all(listed.map(listingOf));
    const [single] = listings;
    if (single && listings.length === 1 && "problem" in single) {
      const text = withShopTag(ctx.t, shops, single.shop.id, problemText(ctx.t, single.problem));
      return void (await showScreen(ctx, text));
    }
    const failures = listings.flatMap((l) =>
      "problem" in l
        ? [`${shopTag(ctx.t, shops, l.shop.id)}: ${problemText(ctx.t, l.problem)}`]
        : [],
    );
    const entries = listings.flatMap((l) =>
      "postings" in l ? l.postings.map((posting) => ({ shop: l.shop, posting })) : [],
    );
    if (entries.length === 0) {
      const empty = ctx.t("postings-list-empty");
      const text = only ? withShopTag(ctx.t, shops, only.id, empty) : empty;
      return void (await showScreen(ctx, [text, ...failures].join("\n\n")));
    }
    const pages = Math.ceil(entries.length / POSTINGS_PAGE_SIZE);
    const page = Math.min(Math.max(requested, 0), pages - 1);
    const first = page * POSTINGS_PAGE_SIZE;
    const format = formatOf(ctx, timezone);
    const keyboard = new InlineKeyboard();
    const lines: string[] = [];
    let heading: string | undefined;
    entries.slice(first, first + POSTINGS_PAGE_SIZE).forEach(({ shop, posting }, i) => {
      const index = first + i + 1;
      const number = posting.postingNumber;
      // With several shops each group of the page starts with its shop's name.
      const tag = shopTag(ctx.t, shops, shop.id);
      if (tag && tag !== heading) lines.push("", tag);
      heading = tag;
      // One main button; the rest (cancel, label, buyer) is on the card, away from a slip.
      newRow(keyboard)
        .text(ctx.t("postings-list-ship", { index }), SHIP.data(codec, number, shop.ref))
        .text(ctx.t("postings-list-card", { index }), OPEN_POSTING.data(codec, number, shop.ref));
      const gist = postingGist(posting, format);
      lines.push(ctx.t("postings-list-line", { index, gist, posting: number }));
    });
    if (pages > 1) {
      newRow(keyboard);
      const to = (target: number) => listData(codec, target, only?.ref);
      if (page > 0) keyboard.text(ctx.t("postings-list-prev"), to(page - 1));
      keyboard.text(`${page + 1} / ${pages}`, to(page));
      if (page < pages - 1) keyboard.text(ctx.t("postings-list-next"), to(page + 1));
    }
    const title = ctx.t("postings-list-title", { count: entries.length });
    const head = lines[0] === "" ? [title] : [title, ""];
    const tail = failures.length > 0 ? ["", ...failures] : [];
    await showScreen(ctx, [...head, ...lines, ...tail].join("\n"), keyboard);
  };
}
