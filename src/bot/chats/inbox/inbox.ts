/**
 * The sellers' inbox (sellers and admins): /chats and its pages, one chat's last messages in place
 * of the list with Answer, Take it, Mark as read, Open posting, 📎 Files (sent on request, capped,
 * to the presser) and « Back to list, and those buttons under relayed buyer messages. Every press checks the presser's seller role for the button's shop.
 * Tests: none directly
 */
import { type InlineKeyboard, InputFile } from "grammy";
import type { ChatMessage } from "../../../ozon/seller/types.ts";
import { reachesShop } from "../../../services/access/shop-scope.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import type { Shop } from "../../../shops/registry.ts";
import type { BotContext } from "../../core/context.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import { mayUse } from "../../core/guard.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { isNotModified } from "../../core/screen-text.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import {
  describeOzonError,
  postingCard,
  postingKeyboard,
  problemText,
  type SellerShop,
} from "../../postings/index.ts";
import { answerableShop } from "../answerable.ts";
import {
  CHAT_FILES_BUTTON,
  CHAT_POSTING_BUTTON,
  CHAT_READ_BUTTON,
  CHAT_VIEW_BUTTON,
  CHATS_LIST_BUTTON,
  RELEASE_CHAT_BUTTON,
  TAKE_CHAT_BUTTON,
} from "../buttons.ts";
import { replyFailureText, TELEGRAM_TEXT_LIMIT, uploadFileName } from "../relay/format.ts";
import { actorName, type ClaimViewDeps, showClaimOnCopies, showClaimOnView } from "./claims.ts";
import { aboutText, chatViewLines, claimLabel } from "./format.ts";
import { chatViewKeyboard } from "./keyboards.ts";
import { chatsList } from "./list.ts";

const SELLERS = ["seller"] as const;
/** Messages a chat's view shows, and files it sends with them. */
const VIEW_MESSAGES = 10;
/** Messages a chat's view shows until «The whole chat» is pressed. */
const VIEW_BRIEF = 4;
const VIEW_FILES = 3;
const VIEW_FILE_BYTES = 10 * 1024 * 1024;
const VIEW_FILE_DEADLINE_MS = 20_000;

export function inboxFeature(relay: RelayShops): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config, logger, i18n } = deps;
    const showChats = chatsList({ relay, codec, logger });
    const claimDeps = (ctx: BotContext): ClaimViewDeps => ({
      api: ctx.api,
      codec,
      i18n,
      timezone: config.timezone,
      defaultLocale: config.defaultLocale,
      logger,
    });
    const invalid = (ctx: BotContext) =>
      ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });

    /** The shop a button means when the presser's seller role reaches it; else says why not. */
    function pressedShop(ctx: BotContext, ref: string) {
      return answerableShop(ctx, relay.shops.byRef(ref));
    }

    router.command("chats", (ctx) => showChats(ctx, 0, "w", true));
    router.button(CHATS_LIST_BUTTON, SELLERS, async (ctx, [page, mode, fresh]) => {
      await ctx.answerCallbackQuery();
      // « Back to list: the message shows the list again, so a reply to it reaches no buyer.
      const shown = ctx.callbackQuery?.message;
      if (shown) await relay.links.forget({ chatId: shown.chat.id, messageId: shown.message_id });
      await showChats(ctx, page, mode, fresh === "r");
    });

    router.button(CHAT_VIEW_BUTTON, SELLERS, async (ctx, [ozonChatId, ref, page, mode, all]) => {
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      if (ctx.from) await relay.unsent.opened(ctx.from.id, { ozonChatId, shopId: shop.id });
      // Buttons made before the list's page was carried go back to its first page.
      const back = { page: page ?? 0, mode: mode ?? "w" };
      await showChat(ctx, shop, ozonChatId, back, all === "all");
    });

    router.button(CHAT_FILES_BUTTON, SELLERS, async (ctx, [ozonChatId, ref]) => {
      if (!ctx.from) return invalid(ctx);
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery({ text: ctx.t("chat-view-files-sending") });
      let messages: ChatMessage[];
      try {
        messages = (await shop.seller.chats.history(ozonChatId, { limit: VIEW_MESSAGES })).messages;
      } catch (error) {
        const reason = problemText(ctx.t, describeOzonError(error));
        await ctx.api.sendMessage(
          ctx.from.id,
          withShopTag(ctx.t, relay.shops, shop.id, ctx.t("inbox-view-failed", { reason })),
        );
        return;
      }
      try {
        await sendFiles(ctx, ctx.from.id, shop, messages);
      } catch (error) {
        // Pressed in a group by someone who never opened the bot: Telegram refuses a private send.
        logger.info({ err: error, shop: shop.id }, "a chat's files could not reach the presser");
        await ctx.reply(ctx.t("chat-view-files-private"));
      }
    });

    async function showChat(
      ctx: BotContext,
      shop: SellerShop,
      ozonChatId: string,
      back: { page: number; mode: "w" | "a" },
      /** «The whole chat» pressed: every message fetched, not the last few. */
      all = false,
    ) {
      let messages: ChatMessage[];
      try {
        messages = (await shop.seller.chats.history(ozonChatId, { limit: VIEW_MESSAGES })).messages;
      } catch (error) {
        const reason = problemText(ctx.t, describeOzonError(error));
        await ctx.reply(
          withShopTag(ctx.t, relay.shops, shop.id, ctx.t("inbox-view-failed", { reason })),
        );
        return;
      }
      const known = await relay.repositories(shop).contexts.get(ozonChatId);
      const carried = [...messages].reverse().find((m) => m.context.orderNumber)?.context ?? {};
      const inbox = relay.inbox(shop);
      const [claim, digest] = await Promise.all([
        inbox.claim(ozonChatId),
        inbox.digest(ozonChatId),
      ]);
      // The posting the relay's context card found, when Ozon named only the order.
      const found = digest?.copies.find((c) => c.posting)?.posting;
      const context = { ...carried, ...(found ? { postingNumber: found } : {}), ...known };
      const about = aboutText(ctx.t, context);
      const head = [ctx.t("inbox-view-title", { about: about ? ` · ${about}` : "" })];
      // "You are answering" only where nobody else reads it (a private chat).
      const mine = claim?.userId === ctx.from?.id && ctx.chat?.type === "private";
      const label = claim && claimLabel(claim, config.timezone);
      if (label) head.push(ctx.t(mine ? "inbox-view-claimed-mine" : "inbox-view-claimed", label));
      const claimed = label && { ...label, mine };
      // The last few messages read at a glance; «The whole chat» shows the rest.
      const brief = !all && messages.length > VIEW_BRIEF;
      const lines = chatViewLines(
        ctx.t,
        brief ? messages.slice(-VIEW_BRIEF) : messages,
        config.timezone,
      );
      if (lines.length === 0) lines.push(ctx.t("inbox-view-empty"));
      // The newest messages matter most: the oldest go first when it is too long.
      let text = "";
      for (let from = 0; from <= lines.length; from++) {
        text = withShopTag(
          ctx.t,
          relay.shops,
          shop.id,
          [head.join("\n"), ...lines.slice(from)].join("\n\n"),
        );
        if (text.length <= TELEGRAM_TEXT_LIMIT) break;
      }
      const files = messages.reduce((n, m) => n + m.attachments.length, 0);
      const keyboard = chatViewKeyboard(
        codec,
        ctx.t,
        { ozonChatId, shopRef: shop.ref, postingNumber: context.postingNumber },
        claimed,
        { files, back, whole: brief },
      );
      const shown = await showView(ctx, text.slice(0, TELEGRAM_TEXT_LIMIT), keyboard);
      // A reply to the view reaches the buyer, as a reply to a relayed message does.
      await relay.links.remember([shown], { ozonChatId, shopId: shop.id });
    }

    /** The view in place of the list it was opened from; a new message when that one is gone. */
    async function showView(ctx: BotContext, text: string, keyboard: InlineKeyboard) {
      const options = { reply_markup: keyboard, link_preview_options: { is_disabled: true } };
      const pressed = ctx.callbackQuery?.message;
      if (pressed) {
        const where = { chatId: pressed.chat.id, messageId: pressed.message_id };
        try {
          await ctx.editMessageText(text, options);
          return where;
        } catch (error) {
          if (isNotModified(error)) return where;
          logger.info({ err: error }, "the chats list could not become the chat's view");
        }
      }
      const sent = await ctx.reply(text, options);
      return { chatId: sent.chat.id, messageId: sent.message_id };
    }

    /** The files of the shown messages, newest last, at most VIEW_FILES of them, to `to`. */
    async function sendFiles(
      ctx: BotContext,
      to: number,
      shop: SellerShop,
      messages: ChatMessage[],
    ) {
      const files = messages.flatMap((m) => m.attachments);
      const picked = files.slice(-VIEW_FILES);
      for (const file of picked) {
        try {
          const got = await shop.seller.chats.downloadFile(file.url, {
            maxBytes: VIEW_FILE_BYTES,
            deadlineMs: VIEW_FILE_DEADLINE_MS,
          });
          if (got.bytes.byteLength === 0) throw new Error("empty file");
          const name = uploadFileName(file.name || got.name);
          await ctx.api.sendDocument(to, new InputFile(got.bytes, name));
        } catch (error) {
          logger.info({ err: error, shop: shop.id }, "a chat file was not shown");
          await ctx.api.sendMessage(
            to,
            ctx.t("inbox-view-file-failed", { name: file.name || "file" }),
          );
        }
      }
      if (files.length === 0) await ctx.api.sendMessage(to, ctx.t("chat-view-files-none"));
      if (files.length > picked.length) {
        await ctx.api.sendMessage(
          to,
          ctx.t("inbox-view-files-capped", { shown: picked.length, count: files.length }),
        );
      }
    }

    router.button(TAKE_CHAT_BUTTON, SELLERS, async (ctx, [ozonChatId, ref]) => {
      if (!ctx.from) return invalid(ctx);
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      const inbox = relay.inbox(shop);
      const taken = await inbox.take(ozonChatId, {
        userId: ctx.from.id,
        name: actorName(ctx.from),
      });
      const label = claimLabel(taken.claim, config.timezone);
      if (!taken.ok) {
        await ctx.answerCallbackQuery({
          text: ctx.t("inbox-taken-by-other", label).slice(0, 200),
          show_alert: true,
        });
        return;
      }
      await ctx.answerCallbackQuery({ text: ctx.t("inbox-taken", label).slice(0, 200) });
      const digest = await inbox.digest(ozonChatId);
      const context = await relay.repositories(shop).contexts.get(ozonChatId);
      const found = digest?.copies.find((c) => c.posting)?.posting;
      const chat = { ozonChatId, shopRef: shop.ref, postingNumber: context.postingNumber ?? found };
      const shown = { ...chat, orderNumber: context.orderNumber };
      await showClaimOnCopies(claimDeps(ctx), shown, digest, taken.claim);
      // Pressed on a chat's view (not a relayed copy): its own buttons show the claim too.
      const pressed = ctx.callbackQuery?.message;
      await showClaimOnView(claimDeps(ctx), pressed, chat, digest, taken.claim, ctx.t);
    });

    // The taker lets the chat go: every copy and the pressed view show it free again.
    router.button(RELEASE_CHAT_BUTTON, SELLERS, async (ctx, [ozonChatId, ref]) => {
      if (!ctx.from) return invalid(ctx);
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      const inbox = relay.inbox(shop);
      const released = await inbox.release(ozonChatId, ctx.from.id);
      await ctx.answerCallbackQuery({
        text: ctx.t(released ? "inbox-released" : "inbox-not-yours"),
      });
      if (!released) return;
      const digest = await inbox.digest(ozonChatId);
      const context = await relay.repositories(shop).contexts.get(ozonChatId);
      const found = digest?.copies.find((c) => c.posting)?.posting;
      const chat = { ozonChatId, shopRef: shop.ref, postingNumber: context.postingNumber ?? found };
      const deps = claimDeps(ctx);
      await showClaimOnCopies(
        deps,
        { ...chat, orderNumber: context.orderNumber },
        digest,
        undefined,
      );
      await showClaimOnView(deps, ctx.callbackQuery?.message, chat, digest, undefined, ctx.t);
    });

    router.button(CHAT_READ_BUTTON, SELLERS, async (ctx, [ozonChatId, ref]) => {
      const shop = await pressedShop(ctx, ref);
      const replies = shop && relay.replies(shop);
      if (!shop || !replies) return;
      const inbox = relay.inbox(shop);
      const digest = await inbox.digest(ozonChatId);
      const read = await replies.markRead(ozonChatId, digest?.lastBuyerId);
      if (!read.ok) {
        const reason = replyFailureText(ctx.t, read);
        await ctx.answerCallbackQuery({
          text: ctx.t("inbox-read-failed", { reason }).slice(0, 200),
          show_alert: true,
        });
        return;
      }
      await inbox.markHandled(ozonChatId, read.upTo);
      relay.openChats.forget(shop.id);
      await ctx.answerCallbackQuery({ text: ctx.t("inbox-read-done") });
    });

    router.button(CHAT_POSTING_BUTTON, SELLERS, async (ctx, [number, ref]) => {
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      try {
        const posting = await shop.seller.postings.get(number);
        const card = postingCard(posting, {
          t: ctx.t,
          locale: ctx.locale,
          timezone: config.timezone,
        });
        // Pack and Cancel only while it waits, for those whose warehouse role reaches the shop.
        const keyboard =
          warehouseReaches(ctx, shop) && posting.status === "awaiting_packaging"
            ? postingKeyboard(codec, ctx.t, posting, false, shop.ref)
            : undefined;
        await ctx.reply(withShopTag(ctx.t, relay.shops, shop.id, card), {
          ...(keyboard ? { reply_markup: keyboard } : {}),
        });
      } catch (error) {
        const problem = problemText(ctx.t, describeOzonError(error, number));
        await ctx.reply(withShopTag(ctx.t, relay.shops, shop.id, problem));
      }
    });
    return undefined;
  };
}

function warehouseReaches(ctx: BotContext, shop: Shop): boolean {
  return mayUse(ctx.person, ["warehouse"]) && reachesShop(ctx.person, "warehouse", shop.id);
}
