/**
 * /audit (admins): the last 20 entries of the trail, narrowed by what is typed after it (a
 * posting number, `campaign 123`, `person 101`, `store Южный`, a kind) or by the kind and store
 * buttons; 📥 exports a period as XLSX. The "🕘 History" button of a posting, campaign or product card
 * shows that object's entries to whoever sees the card, limited to the stores their roles reach
 * (only admins ever see entries about rights: stores, roles, invites).
 * Tests: none directly
 */
import { InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import {
  type AuditEntry,
  type AuditFilter,
  type AuditTrail,
  auditXlsx,
  EXPORT_CAP,
} from "../../services/audit/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { isLocale } from "../core/i18n.ts";
import type { FeatureFactory } from "../core/module.ts";
import { commandArgs } from "../core/router.ts";
import { showScreen } from "../core/screen-text.ts";
import { AUDIT, HISTORY } from "./buttons.ts";
import { parseAuditFilter } from "./filters.ts";
import { type EntryView, entriesText, kindName } from "./format.ts";
import {
  exportDays,
  exportKeyboard,
  HISTORY_OBJECTS,
  kindsKeyboard,
  mainKeyboard,
  storesKeyboard,
} from "./keyboards.ts";
import { viewerOf } from "./trail.ts";

export interface AuditFeatureDeps {
  trail: AuditTrail;
  shops: ShopRegistry;
  codec: CallbackCodec;
  timezone: string;
  keepDays: number;
  logger: Logger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function auditFeature(deps: AuditFeatureDeps): FeatureFactory {
  const { trail, shops, codec } = deps;

  const viewOf = (ctx: BotContext): EntryView => ({
    t: ctx.t.bind(ctx),
    locale: isLocale(ctx.locale) ? ctx.locale : "ru",
    timezone: deps.timezone,
    shopName: (id) => shops.get(id)?.name ?? id,
  });
  const viewer = (ctx: BotContext) => viewerOf(ctx.person, shops.all());

  async function showLatest(ctx: BotContext, filter: AuditFilter, about = ""): Promise<void> {
    const entries = await trail.latest(filter, viewer(ctx));
    const title = ctx.t("audit-title", { count: entries.length }) + (about ? `\n${about}` : "");
    const keyboard = mainKeyboard(ctx.t.bind(ctx), codec, shops.all());
    await showScreen(ctx, entriesText(title, entries, viewOf(ctx)), keyboard);
  }

  async function exportPeriod(ctx: BotContext, days: number): Promise<void> {
    const to = Date.now();
    const entries = await trail.period(to - days * DAY_MS, to, viewer(ctx));
    if (entries.length === 0) {
      return void (await ctx.answerCallbackQuery({ text: ctx.t("audit-export-empty") }));
    }
    await ctx.answerCallbackQuery();
    const t = ctx.t.bind(ctx);
    let bytes: Buffer;
    try {
      bytes = await auditXlsx(
        entries,
        {
          headers: t("audit-xlsx-headers").split("|"),
          sheet: t("audit-xlsx-sheet"),
          kind: (entry: AuditEntry) => kindName(entry.kind, t),
          result: (entry: AuditEntry) => t(`audit-xlsx-${entry.result.status}`),
          shopName: (id) => shops.get(id)?.name ?? id,
        },
        deps.timezone,
      );
    } catch (error) {
      deps.logger.warn({ err: error }, "Audit: the export workbook was not built");
      return void (await ctx.reply(t("audit-export-failed")));
    }
    await ctx.replyWithChatAction("upload_document").catch(() => undefined);
    const capped =
      entries.length >= EXPORT_CAP ? `\n${t("audit-export-capped", { max: EXPORT_CAP })}` : "";
    await ctx.replyWithDocument(new InputFile(bytes, `audit-${days}d.xlsx`), {
      caption: t("audit-export-caption", { days, count: entries.length }) + capped,
    });
  }

  return ({ router }) => {
    router.command("audit", async (ctx) => {
      const parsed = parseAuditFilter(commandArgs(ctx), (name) => findShop(shops, name));
      if (!parsed.ok) {
        const key = parsed.reason === "store" ? "audit-filter-store" : "audit-filter-syntax";
        return ctx.reply(ctx.t(key, { word: parsed.word ?? "" }));
      }
      await showLatest(ctx, parsed.filter);
    });

    router.button(AUDIT, ["admin"], async (ctx, press) => {
      const t = ctx.t.bind(ctx);
      switch (press[0]) {
        case "l":
          await ctx.answerCallbackQuery();
          return showLatest(ctx, {});
        case "K":
          await ctx.answerCallbackQuery();
          return showScreen(ctx, t("audit-kinds-title"), kindsKeyboard(t, codec));
        case "S":
          await ctx.answerCallbackQuery();
          return showScreen(ctx, t("audit-stores-title"), storesKeyboard(t, codec, shops.all()));
        case "X":
          await ctx.answerCallbackQuery();
          return showScreen(ctx, t("audit-export-title"), exportKeyboard(t, codec, deps.keepDays));
        case "k": {
          const kind = press[1];
          await ctx.answerCallbackQuery();
          return showLatest(ctx, { kind }, t("audit-filter-kind", { kind: kindName(kind, t) }));
        }
        case "s": {
          const shop = shops.byRef(press[1]);
          if (!shop) return ctx.answerCallbackQuery({ text: t("audit-store-gone") });
          await ctx.answerCallbackQuery();
          return showLatest(ctx, { shopId: shop.id }, t("audit-shop", { name: shop.name }));
        }
        case "x": {
          const days = press[1];
          // The periods offered follow AUDIT_DAYS: a button of a longer one is no longer kept.
          if (exportDays(deps.keepDays).includes(days)) return exportPeriod(ctx, days);
          return ctx.answerCallbackQuery({ text: t("callback-invalid"), show_alert: true });
        }
      }
    });

    router.button(HISTORY, ["admin", "warehouse", "manager", "seller"], async (ctx, [code, id]) => {
      const type = HISTORY_OBJECTS[code];
      await ctx.answerCallbackQuery();
      const entries = await trail.latest({ object: { type, id } }, viewer(ctx));
      const title = ctx.t(`audit-history-${type}`, { id });
      // A new message: the card stays as it was, with its own buttons.
      await ctx.reply(entriesText(title, entries, viewOf(ctx)), {
        link_preview_options: { is_disabled: true },
      });
    });
    return undefined;
  };
}

function findShop(shops: ShopRegistry, nameOrId: string): string | undefined {
  const wanted = nameOrId.toLocaleLowerCase("ru");
  return shops.all().find((s) => s.id === nameOrId || s.name.toLocaleLowerCase("ru") === wanted)
    ?.id;
}
