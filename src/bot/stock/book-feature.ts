/**
 * The workbook round trip: /workbook sends every product of a store as an XLSX; the file (XLSX or
 * CSV) sent back in a private chat by a person whose role reaches the store is read and previewed
 * with ✅ Apply and ✖ Cancel. Stock changes need the warehouse role, prices the manager role
 * (an admin has both); what the role does not allow is counted and left out.
 *
 * Buttons (buttons.ts): the store to export, apply and drop a preview.
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { Message } from "grammy/types";
import type { Person } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { CostPrices } from "../../services/money/index.ts";
import type { BookDesk, BookRights } from "../../services/stock/book-desk.ts";
import type { BookGate } from "../../services/stock/book-gate.ts";
import type { BookOzon } from "../../services/stock/book-ozon.ts";
import { BookColumnsError, type BookPlan, planBook } from "../../services/stock/book-plan.ts";
import {
  BookFileError,
  type BookKind,
  type BookSheet,
  bookKindOf,
  MAX_BOOK_BYTES,
  readBook,
} from "../../services/stock/book-read.ts";
import { catalogWorkbook } from "../../services/stock/book-write.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { mayUse } from "../core/guard.ts";
import type { FeatureFactory } from "../core/module.ts";
import { shopChoice, shopKeyboard, withShopTag } from "../core/shop-tags.ts";
import { fetchTelegramFile, formatBytes, TelegramFileTooBigError } from "../core/telegram-files.ts";
import { fileErrorText, previewText, progressText } from "./book-format.ts";
import { WORKBOOK_APPLY, WORKBOOK_DROP, WORKBOOK_SHOP } from "./buttons.ts";

/** The file name the bot gives a store's workbook; sent back, it names the store. */
const FILE_NAME = /^stock-([0-9a-z]{1,8})-/;
/** Reading a store's catalogue takes a few calls; a preview should not wait longer. */
const CATALOG_DEADLINE_MS = 120_000;
const TEXT_LIMIT = 4000;

export interface BookFeatureDeps {
  shops: ShopRegistry;
  deskOf(shopId: string): BookDesk | undefined;
  ozonOf(shop: Shop): BookOzon | undefined;
  /** Turns for reading files: a few at once, one per person. */
  gate: BookGate;
  /** Reads a file (default: readBook, in a worker thread). */
  read?: (bytes: Uint8Array, kind: BookKind) => Promise<BookSheet>;
}

const ROLES = ["warehouse", "manager"] as const;

function reachable(ctx: BotContext, shops: ShopRegistry): Shop[] {
  return shops
    .active()
    .filter((shop) => shop.seller && ROLES.some((role) => reachesShop(ctx.person, role, shop.id)));
}

/**
 * What a person may change in a store's workbook: stock (the warehouse role), prices (manager),
 * each reaching the store; an admin both. The preview asks it, and the desk again on resuming.
 */
export function bookRights(
  person: Pick<Person, "roles" | "shops"> | undefined,
  shopId: string,
): BookRights {
  return {
    stock: reachesShop(person, "warehouse", shopId),
    prices: reachesShop(person, "manager", shopId),
  };
}

/** Only what the person's roles allow; the rest is counted. */
function allowed(ctx: BotContext, shopId: string, plan: BookPlan) {
  const { stock, prices } = bookRights(ctx.person, shopId);
  return {
    stock: stock ? plan.stock : [],
    prices: prices ? plan.prices : [],
    // Cost prices go with prices: the manager's.
    costs: prices ? plan.costs : [],
    notAllowed: {
      stock: stock ? 0 : plan.stock.length,
      prices: prices ? 0 : plan.prices.length + plan.costs.length,
    },
  };
}

export function bookFeature(area: BookFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, logger, config } = deps;
    const { shops } = area;
    const labels = (ctx: BotContext) => ({
      offerId: ctx.t("book-column-offer"),
      name: ctx.t("book-column-name"),
      stock: (warehouse: string) => ctx.t("book-column-stock", { warehouse }),
      price: ctx.t("book-what-price"),
      oldPrice: ctx.t("book-what-oldPrice"),
      minPrice: ctx.t("book-what-minPrice"),
      cost: ctx.t("book-column-cost"),
    });
    const tagged = (ctx: BotContext, shop: Shop, text: string) =>
      withShopTag(ctx.t, shops, shop.id, text);

    async function sendWorkbook(ctx: BotContext, shop: Shop) {
      const ozon = area.ozonOf(shop);
      if (!ozon) return ctx.reply(ctx.t("stock-shop-unknown"));
      const waiting = await ctx.reply(tagged(ctx, shop, ctx.t("book-reading")));
      try {
        const read = await ozon.catalog(AbortSignal.timeout(CATALOG_DEADLINE_MS));
        // Cost prices are the seller's own money: only who may set prices in this store sees them.
        const catalog = bookRights(ctx.person, shop.id).prices
          ? await new CostPrices(shop.store).onto(read)
          : read;
        const bytes = await catalogWorkbook(catalog, labels(ctx));
        const date = new Date().toISOString().slice(0, 10);
        await ctx.replyWithDocument(new InputFile(bytes, `stock-${shop.ref}-${date}.xlsx`), {
          caption: tagged(ctx, shop, ctx.t("book-sent", { count: catalog.items.length })),
        });
        await ctx.api.deleteMessage(waiting.chat.id, waiting.message_id).catch(() => undefined);
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "workbook: the store could not be read");
        await ctx.reply(tagged(ctx, shop, ctx.t("book-ozon-failed")));
      }
    }

    router.command("workbook", async (ctx) => {
      if (ctx.chat?.type !== "private") return ctx.reply(ctx.t("book-private-only"));
      const inShops = reachable(ctx, shops);
      const [only] = inShops;
      if (!only) return ctx.reply(ctx.t("stock-shop-unknown"));
      if (inShops.length === 1) return sendWorkbook(ctx, only);
      const keyboard = shopKeyboard(inShops.map(shopChoice), (ref) =>
        WORKBOOK_SHOP.data(codec, ref),
      );
      return ctx.reply(ctx.t("book-pick-store"), { reply_markup: keyboard });
    });

    /** The shop of a button, when the presser's role reaches it. */
    function shopOf(ctx: BotContext, ref: string): Shop | undefined {
      const shop = shops.byRef(ref);
      return shop && reachable(ctx, shops).some((s) => s.id === shop.id) ? shop : undefined;
    }

    router.button(WORKBOOK_SHOP, [...ROLES], async (ctx, [ref]) => {
      const shop = shopOf(ctx, ref);
      if (!shop)
        return ctx.answerCallbackQuery({ text: ctx.t("stock-shop-unknown"), show_alert: true });
      await ctx.answerCallbackQuery();
      await sendWorkbook(ctx, shop);
    });

    router.button(WORKBOOK_APPLY, [...ROLES], async (ctx, [ref, id]) => {
      const shop = shopOf(ctx, ref);
      const desk = shop && area.deskOf(shop.id);
      // A store gone or out of the presser's reach: the preview is no longer theirs to apply.
      if (!shop || !desk) {
        return ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      }
      const draft = await desk.draft(id);
      if (draft && draft.by !== ctx.from?.id) {
        return ctx.answerCallbackQuery({ text: ctx.t("book-not-yours"), show_alert: true });
      }
      const answer = await desk.apply(id, ctx.callbackQuery?.message?.message_id);
      if (answer.kind === "expired") {
        await ctx.answerCallbackQuery();
        return ctx.editMessageText(ctx.t("book-expired")).catch(() => undefined);
      }
      if (answer.kind === "already") {
        return ctx.answerCallbackQuery({
          text: ctx.t("book-already", { name: answer.job?.byName ?? "—" }),
          show_alert: true,
        });
      }
      await ctx.answerCallbackQuery({ text: ctx.t("book-started") });
      const queued =
        answer.queuedBehind > 0 ? `\n${ctx.t("book-queued", { count: answer.queuedBehind })}` : "";
      await ctx
        .editMessageText(`${progressText(ctx.t, answer.job)}${queued}`)
        .catch(() => undefined);
    });

    router.button(WORKBOOK_DROP, [...ROLES], async (ctx, [ref, id]) => {
      const shop = shopOf(ctx, ref);
      const desk = shop && area.deskOf(shop.id);
      if (!desk) {
        return ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      }
      // Said as it is: dropped, stopping after the batch being sent, or already done.
      const answer = await desk.cancel(id, ctx.from?.id ?? 0);
      if (answer === "not-yours") {
        return ctx.answerCallbackQuery({ text: ctx.t("book-not-yours"), show_alert: true });
      }
      if (answer !== "dropped") {
        const key = `book-cancel-${answer}` as const;
        return ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: true });
      }
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(ctx.t("book-dropped")).catch(() => undefined);
    });

    /** The store a sent file is for: named in the file's name, else the only one in reach. */
    function shopOfFile(ctx: BotContext, name: string | undefined): Shop | undefined {
      const inShops = reachable(ctx, shops);
      const ref = FILE_NAME.exec(name ?? "")?.[1];
      if (ref) return inShops.find((shop) => shop.ref === ref);
      return inShops.length === 1 ? inShops[0] : undefined;
    }

    /** The file fetched from Telegram and read; undefined: the person was told why not. */
    async function readFile(
      ctx: BotContext,
      fileId: string,
      kind: BookKind,
    ): Promise<BookSheet | undefined> {
      const limit = formatBytes(MAX_BOOK_BYTES);
      await ctx.replyWithChatAction("typing").catch(() => undefined);
      let bytes: Uint8Array;
      try {
        bytes = await fetchTelegramFile({
          api: ctx.api,
          apiRoot: config.telegramApiRoot,
          token: config.botToken,
          fileId,
          maxBytes: MAX_BOOK_BYTES,
        });
      } catch (error) {
        if (error instanceof TelegramFileTooBigError) {
          await ctx.reply(ctx.t("book-file-too-big", { limit }));
          return undefined;
        }
        logger.warn({ err: error }, "workbook: a file could not be fetched from Telegram");
        await ctx.reply(ctx.t("book-fetch-failed"));
        return undefined;
      }
      try {
        return await (area.read ?? readBook)(bytes, kind);
      } catch (error) {
        if (!(error instanceof BookFileError)) {
          logger.warn({ err: error }, "workbook: the reader failed");
        }
        const refusal =
          error instanceof BookFileError ? error : new BookFileError("unreadable", "reader failed");
        await ctx.reply(fileErrorText(ctx.t, refusal, limit));
        return undefined;
      }
    }

    async function preview(ctx: BotContext, message: Message) {
      const document = message.document;
      if (!document) return;
      const kind = bookKindOf(document.file_name, document.mime_type);
      if (!kind) return;
      const limit = formatBytes(MAX_BOOK_BYTES);
      if ((document.file_size ?? 0) > MAX_BOOK_BYTES)
        return ctx.reply(ctx.t("book-file-too-big", { limit }));
      const shop = shopOfFile(ctx, document.file_name);
      if (!shop) return ctx.reply(ctx.t("book-which-store"));
      const desk = area.deskOf(shop.id);
      const ozon = area.ozonOf(shop);
      if (!desk || !ozon) return ctx.reply(ctx.t("stock-shop-unknown"));
      // A turn first, then the file: a preview waiting holds no bytes.
      const turn = area.gate.enter(ctx.from?.id ?? message.chat.id);
      if (!turn) return ctx.reply(ctx.t("book-busy"));
      if (turn.ahead > 0) await ctx.reply(ctx.t("book-wait-turn", { count: turn.ahead }));
      const done = await turn.ready;
      let sheet: BookSheet | undefined;
      try {
        sheet = await readFile(ctx, document.file_id, kind);
      } finally {
        done();
      }
      if (!sheet) return;
      let plan: BookPlan;
      let catalog: Awaited<ReturnType<BookOzon["catalog"]>>;
      try {
        catalog = await new CostPrices(shop.store).onto(
          await ozon.catalog(AbortSignal.timeout(CATALOG_DEADLINE_MS)),
        );
        plan = planBook(sheet, catalog);
      } catch (error) {
        if (error instanceof BookColumnsError) return ctx.reply(ctx.t("book-file-no-offer-column"));
        logger.warn({ err: error, shop: shop.id }, "workbook: a preview failed");
        return ctx.reply(tagged(ctx, shop, ctx.t("book-ozon-failed")));
      }
      const { stock, prices, costs, notAllowed } = allowed(ctx, shop.id, plan);
      const text = tagged(
        ctx,
        shop,
        previewText(ctx.t, { plan, warehouses: catalog.warehouses, notAllowed }),
      );
      const changes = stock.length + prices.length + costs.length;
      if (changes === 0) return ctx.reply(clip(text, TEXT_LIMIT));
      const id = randomBytes(6).toString("hex");
      await desk.saveDraft({
        id,
        shopId: shop.id,
        warehouses: catalog.warehouses,
        chatId: message.chat.id,
        by: ctx.from?.id ?? 0,
        byName: ctx.from?.first_name ?? "",
        locale: String(ctx.locale ?? config.defaultLocale),
        stock,
        prices,
        ...(costs.length > 0 ? { costs } : {}),
        createdAt: new Date().toISOString(),
      });
      const keyboard = new InlineKeyboard()
        .text(ctx.t("book-apply", { count: changes }), WORKBOOK_APPLY.data(codec, shop.ref, id))
        .text(ctx.t("book-drop"), WORKBOOK_DROP.data(codec, shop.ref, id));
      return ctx.reply(clip(text, TEXT_LIMIT), { reply_markup: keyboard });
    }

    const composer = new Composer<BotContext>();
    composer.on("message:document", async (ctx, next) => {
      const message = ctx.message;
      const document = message.document;
      if (ctx.chat.type !== "private" || !mayUse(ctx.person, [...ROLES])) return next();
      if (!bookKindOf(document.file_name, document.mime_type)) return next();
      await preview(ctx, message);
    });
    return composer;
  };
}
