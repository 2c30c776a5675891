/**
 * /chats: the buyer chats waiting for an answer in every shop the person's seller role reaches,
 * newest first, grouped by shop (named when there are several), paged: the buyer's last words,
 * how long they have waited, what the chat is about and who took it. A toggle shows the answered
 * ones too. Each number opens the chat in place of the list (inbox.ts).
 *
 * Ozon calls: one listing per shop (100 chats a page, kept a minute for page turns), and a
 * history read only for the chats on the page the relay never saw (their words are unknown).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { ChatMessage } from "../../../ozon/seller/types.ts";
import { shopsInScope } from "../../../services/access/shop-scope.ts";
import type { ChatClaim } from "../../../services/chats/inbox/inbox.ts";
import { listOpenChats, type OpenChat } from "../../../services/chats/inbox/open-chats.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import type { ChatContext } from "../../../services/chats/relay/types.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { BotContext } from "../../core/context.ts";
import { showScreen } from "../../core/screen-text.ts";
import { shopTag } from "../../core/shop-tags.ts";
import type { SellerShop } from "../../postings/index.ts";
import { describeOzonError, problemText } from "../../postings/index.ts";
import { aboutText, messageGist, waitedText } from "./format.ts";
import { type ChatsMode, listData, viewData } from "./keyboards.ts";

export const CHATS_PAGE_SIZE = 6;
/** The list's texts in each mode (w: waiting only, a: answered too). */
const TEXTS = {
  w: { title: "inbox-title-waiting", empty: "inbox-empty-waiting", toggle: "inbox-show-all" },
  a: { title: "inbox-title-all", empty: "inbox-empty-all", toggle: "inbox-show-waiting" },
} as const;
/** History reads one page may make for chats the relay never saw, at most this many at once. */
const HISTORY_PARALLEL = 3;
const HISTORY_LIMIT = 20;

export interface ChatsListDeps {
  relay: RelayShops;
  codec: CallbackCodec;
  logger: Logger;
  now?: () => number;
}

/** What one line of the list needs, found for the chats of the page shown. */
interface LineFacts {
  words: string | undefined;
  at: string | undefined;
  context: ChatContext;
}

/** Active shops with a Seller client that the person's seller role reaches, in order. */
export function sellerShops(ctx: BotContext, relay: RelayShops): SellerShop[] {
  const withSeller = relay.shops
    .active()
    .filter((shop): shop is SellerShop => Boolean(shop.seller));
  return shopsInScope(ctx.person, "seller", withSeller);
}

export function chatsList(deps: ChatsListDeps) {
  const { relay, codec, logger } = deps;
  const now = deps.now ?? Date.now;

  async function listingOf(shop: SellerShop, fresh: boolean) {
    try {
      const inbox = relay.inbox(shop);
      const chats = await relay.openChats.get(shop.id, fresh, () =>
        listOpenChats(shop.seller.chats, inbox),
      );
      return { shop, chats };
    } catch (error) {
      logger.warn({ err: error, shop: shop.id }, "listing buyer chats failed");
      return { shop, problem: describeOzonError(error) };
    }
  }

  /** The words, time and subject of one chat: from the relay's digest, else from its history. */
  async function factsOf(shop: SellerShop, chat: OpenChat): Promise<LineFacts> {
    const context = await relay.repositories(shop).contexts.get(chat.ozonChatId);
    const digest = chat.digest;
    if (digest) return { words: digest.snippet, at: digest.lastBuyerAt, context };
    try {
      const page = await shop.seller.chats.history(chat.ozonChatId, { limit: HISTORY_LIMIT });
      const buyers = page.messages.filter((m: ChatMessage) => m.author.kind === "buyer");
      const last = buyers.at(-1);
      const withContext = [...page.messages].reverse().find((m) => m.context.orderNumber);
      return {
        words: last ? messageGist(last) : undefined,
        at: last?.createdAt,
        context: { ...withContext?.context, ...context },
      };
    } catch (error) {
      logger.info({ err: error, chat: chat.ozonChatId }, "a buyer chat's history is unreadable");
      return { words: undefined, at: undefined, context };
    }
  }

  async function allFacts(entries: Array<{ shop: SellerShop; chat: OpenChat }>) {
    const facts: LineFacts[] = new Array(entries.length);
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const i = next++;
        const entry = entries[i];
        if (entry) facts[i] = await factsOf(entry.shop, entry.chat);
      }
    };
    await Promise.all(Array.from({ length: HISTORY_PARALLEL }, worker));
    return facts;
  }

  /** A chat id of a shape no button can carry (not Ozon's UUID) is listed without one. */
  function openData(shopRef: string, ozonChatId: string, page: number, mode: ChatsMode) {
    try {
      return viewData(codec, ozonChatId, shopRef, { page, mode });
    } catch {
      return undefined;
    }
  }

  return async function showChats(
    ctx: BotContext,
    requested: number,
    mode: ChatsMode,
    fresh: boolean,
  ): Promise<void> {
    const shops = sellerShops(ctx, relay);
    if (shops.length === 0) return void (await showScreen(ctx, ctx.t("shop-none-for-you")));
    const listings = await Promise.all(shops.map((shop) => listingOf(shop, fresh)));
    const failures = listings.flatMap((l) =>
      "problem" in l && l.problem
        ? [
            ctx.t("inbox-shop-failed", {
              shop: shopTag(ctx.t, relay.shops, l.shop.id) || l.shop.name,
              reason: problemText(ctx.t, l.problem),
            }),
          ]
        : [],
    );
    const entries = listings.flatMap((l) =>
      l.chats
        ? l.chats.filter((c) => mode === "a" || c.waiting).map((chat) => ({ shop: l.shop, chat }))
        : [],
    );
    const toggle = (keyboard: InlineKeyboard) =>
      keyboard
        .text(ctx.t(TEXTS[mode].toggle), listData(codec, 0, mode === "w" ? "a" : "w", true))
        .text(ctx.t("inbox-refresh"), listData(codec, 0, mode, true));
    if (entries.length === 0) {
      const empty = ctx.t(TEXTS[mode].empty);
      return void (await showScreen(
        ctx,
        [empty, ...failures].join("\n\n"),
        toggle(new InlineKeyboard()),
      ));
    }
    const pages = Math.ceil(entries.length / CHATS_PAGE_SIZE);
    const page = Math.min(Math.max(requested, 0), pages - 1);
    const first = page * CHATS_PAGE_SIZE;
    const shown = entries.slice(first, first + CHATS_PAGE_SIZE);
    const [facts, claims] = await Promise.all([
      allFacts(shown),
      Promise.all(shops.map(async (s) => [s.id, await relay.inbox(s).claims()] as const)),
    ]);
    const claimsOf = new Map<string, Map<string, ChatClaim>>(claims);
    const keyboard = new InlineKeyboard();
    const lines: string[] = [];
    let heading: string | undefined;
    shown.forEach(({ shop, chat }, i) => {
      const index = first + i + 1;
      const tag = shopTag(ctx.t, relay.shops, shop.id);
      if (tag && tag !== heading) lines.push("", tag);
      heading = tag;
      const fact = facts[i] ?? { words: undefined, at: undefined, context: {} };
      const about = aboutText(ctx.t, fact.context);
      const claim = claimsOf.get(shop.id)?.get(chat.ozonChatId);
      lines.push(
        ctx.t("inbox-line", {
          index,
          mark: ctx.t(chat.waiting ? "inbox-mark-waiting" : "inbox-mark-answered"),
          words: fact.words ?? ctx.t("inbox-words-unknown"),
          waited: waitedText(ctx.t, fact.at, now()),
          about: about ? ctx.t("inbox-line-about", { about }) : "",
          who: !claim
            ? ""
            : claim.userId === ctx.from?.id
              ? ctx.t("inbox-line-who-mine")
              : ctx.t("inbox-line-who", { name: claim.name }),
        }),
      );
      if (i > 0 && i % 3 === 0) keyboard.row();
      const open = openData(shop.ref, chat.ozonChatId, page, mode);
      if (open) keyboard.text(ctx.t("inbox-open-button", { index }), open);
    });
    keyboard.row();
    if (pages > 1) {
      if (page > 0) keyboard.text(ctx.t("inbox-prev"), listData(codec, page - 1, mode));
      keyboard.text(`${page + 1} / ${pages}`, listData(codec, page, mode));
      if (page < pages - 1) keyboard.text(ctx.t("inbox-next"), listData(codec, page + 1, mode));
      keyboard.row();
    }
    toggle(keyboard);
    const title = ctx.t(TEXTS[mode].title, {
      count: entries.length,
    });
    const head = lines[0] === "" ? [title] : [title, ""];
    const tail = failures.length > 0 ? ["", ...failures] : [];
    await showScreen(ctx, [...head, ...lines, ...tail].join("\n"), keyboard);
  };
}
