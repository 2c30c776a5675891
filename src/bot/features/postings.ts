/**
 * Postings for warehouse staff: /postings (paged; a line and a Pack button per posting, the rest
 * of its buttons on its card), opening a posting's card, the package label as a PDF (one tap, one
 * file), and the entries into the ship and cancel dialogs (/ship, /cancel_posting and the Ship /
 * Cancel buttons, posting preselected).
 */
import { InlineKeyboard, InputFile } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import type { Store } from "../../store/port.ts";
import type { BotContext } from "../context.ts";
import { CANCEL_POSTING_CONVERSATION } from "../conversations/cancel-posting.ts";
import { SHIP_CONVERSATION } from "../conversations/ship.ts";
import type { FeatureDeps } from "../deps.ts";
import {
  describeOzonError,
  type PostingFormat,
  postingCard,
  postingGist,
  problemText,
} from "../format/postings.ts";
import { mayUse } from "../guard.ts";
import type { FeatureFactory } from "../index.ts";
import {
  CANCEL_POSTING_CALLBACK,
  LABEL_CALLBACK,
  LIST_CALLBACK,
  OPEN_POSTING_CALLBACK,
  postingKeyboard,
  SHIP_CALLBACK,
} from "../keyboards/postings.ts";
import { newRow } from "../keyboards/rows.ts";
import { showScreen } from "../messages.ts";
import { commandArgs } from "../router.ts";

export const POSTINGS_PAGE_SIZE = 5;
const POSTING_ARG = /^[0-9][0-9-]{2,40}$/;
/**
 * A Label button pressed again within this time sends nothing more: a double tap, or a tap in
 * another process sharing the store, while the file is on its way. Later taps print it again.
 */
const LABEL_ONCE_MS = 30_000;

export interface PostingsFeatureDeps {
  seller: SellerClient;
  /** Keeps the Label buttons' idempotency keys (shared by processes with Redis). */
  store: Store;
}

/** The idempotency key of one Label button: its message and posting (whoever presses it). */
function labelKey(ctx: BotContext, postingNumber: string): string {
  const query = ctx.callbackQuery;
  const message = query?.message;
  const button = message
    ? `${message.chat.id}:${message.message_id}`
    : `inline:${query?.inline_message_id ?? ctx.from?.id}`;
  return `label-press:${button}:${postingNumber}`;
}

function formatOf(ctx: BotContext, timezone: string): PostingFormat {
  return { t: ctx.t, locale: ctx.locale, timezone };
}

/** Leaves any open dialog of this person here, then enters `id` (with the posting, if any). */
async function enter(ctx: BotContext, id: string, posting: string | undefined): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(id, posting ?? null);
}

export function postingsFeature(area: PostingsFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config, logger } = deps;
    const { seller, store } = area;

    async function showList(ctx: BotContext, requested: number): Promise<void> {
      let postings: Posting[];
      try {
        postings = await awaitingPostings(seller);
      } catch (error) {
        logger.warn({ err: error }, "listing postings failed");
        await showScreen(ctx, problemText(ctx.t, describeOzonError(error)));
        return;
      }
      if (postings.length === 0) return showScreen(ctx, ctx.t("postings-list-empty"));
      const pages = Math.ceil(postings.length / POSTINGS_PAGE_SIZE);
      const page = Math.min(Math.max(requested, 0), pages - 1);
      const first = page * POSTINGS_PAGE_SIZE;
      const shown = postings.slice(first, first + POSTINGS_PAGE_SIZE);
      const format = formatOf(ctx, config.timezone);
      const keyboard = new InlineKeyboard();
      const lines = shown.map((posting, i) => {
        const index = first + i + 1;
        const number = posting.postingNumber;
        // One main button; the rest (cancel, label, buyer) is on the card, away from a slip.
        newRow(keyboard)
          .text(ctx.t("postings-list-ship", { index }), codec.encode(SHIP_CALLBACK, number))
          .text(
            ctx.t("postings-list-card", { index }),
            codec.encode(OPEN_POSTING_CALLBACK, number),
          );
        const gist = postingGist(posting, format);
        return ctx.t("postings-list-line", { index, gist, posting: number });
      });
      if (pages > 1) {
        newRow(keyboard);
        if (page > 0) {
          keyboard.text(ctx.t("postings-list-prev"), codec.encode(LIST_CALLBACK, page - 1));
        }
        keyboard.text(`${page + 1} / ${pages}`, codec.encode(LIST_CALLBACK, page));
        if (page < pages - 1) {
          keyboard.text(ctx.t("postings-list-next"), codec.encode(LIST_CALLBACK, page + 1));
        }
      }
      const title = ctx.t("postings-list-title", { count: postings.length });
      await showScreen(ctx, [title, "", ...lines].join("\n"), keyboard);
    }

    const invalid = (ctx: BotContext) =>
      ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });

    router.command("postings", (ctx) => showList(ctx, 0));
    router.callback(LIST_CALLBACK, ["warehouse"], async (ctx, [page]) => {
      if (page === undefined || !/^\d{1,6}$/.test(page)) return invalid(ctx);
      await ctx.answerCallbackQuery();
      await showList(ctx, Number(page));
    });

    router.callback(OPEN_POSTING_CALLBACK, ["warehouse"], async (ctx, [number]) => {
      if (!number || !POSTING_ARG.test(number)) return invalid(ctx);
      await ctx.answerCallbackQuery();
      try {
        const posting = await seller.postings.get(number);
        await ctx.reply(postingCard(posting, formatOf(ctx, config.timezone)), {
          reply_markup: postingKeyboard(codec, ctx.t, number, mayWriteToBuyer(ctx)),
        });
      } catch (error) {
        await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
      }
    });

    /** The label as a PDF; false when Ozon gave none (the person is told why). */
    async function sendLabel(ctx: BotContext, number: string): Promise<boolean> {
      await ctx.answerCallbackQuery({ text: ctx.t("postings-label-preparing") });
      await ctx.replyWithChatAction("upload_document");
      let pdf: Uint8Array;
      try {
        pdf = await seller.postings.packageLabel([number]);
      } catch (error) {
        logger.info({ err: error, posting: number }, "package label not available");
        await ctx.reply(
          ctx.t("postings-label-failed", {
            posting: number,
            reason: problemText(ctx.t, describeOzonError(error, number)),
          }),
        );
        return false;
      }
      await ctx.replyWithDocument(new InputFile(pdf, `label-${number}.pdf`), {
        caption: ctx.t("postings-label-caption", { posting: number }),
      });
      return true;
    }

    router.callback(LABEL_CALLBACK, ["warehouse"], async (ctx, [number]) => {
      if (!number || !POSTING_ARG.test(number)) return invalid(ctx);
      const key = labelKey(ctx, number);
      if (!(await store.setIfAbsent(key, true, { ttlMs: LABEL_ONCE_MS }))) {
        return ctx.answerCallbackQuery({ text: ctx.t("postings-label-once") });
      }
      // When no file went out, the next tap tries again at once.
      const sent = await sendLabel(ctx, number).catch(async (error: unknown) => {
        await store.delete(key);
        throw error;
      });
      if (!sent) await store.delete(key);
    });

    const entering = { entersConversation: true } as const;
    router.command(
      "ship",
      (ctx) => enter(ctx, SHIP_CONVERSATION, commandArgs(ctx) || undefined),
      entering,
    );
    router.command(
      "cancel_posting",
      (ctx) => enter(ctx, CANCEL_POSTING_CONVERSATION, commandArgs(ctx) || undefined),
      entering,
    );
    const pressed =
      (id: string) =>
      async (ctx: BotContext, [number]: string[]) => {
        if (!number || !POSTING_ARG.test(number)) return invalid(ctx);
        await ctx.answerCallbackQuery();
        await enter(ctx, id, number);
      };
    router.callback(SHIP_CALLBACK, ["warehouse"], pressed(SHIP_CONVERSATION), entering);
    router.callback(
      CANCEL_POSTING_CALLBACK,
      ["warehouse"],
      pressed(CANCEL_POSTING_CONVERSATION),
      entering,
    );
    return undefined;
  };
}

/** Write to buyer is offered where it can work: a seller's (or admin's) private chat, or a group. */
function mayWriteToBuyer(ctx: BotContext): boolean {
  return ctx.chat?.type !== "private" || mayUse(ctx.person, ["seller"]);
}
