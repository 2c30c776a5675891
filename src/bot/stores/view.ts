/**
 * The /stores screens: the list of shops with their APIs, whether the keys work, the last
 * successful call and pause, and a row of buttons per shop; the confirm screens.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import { QuestionSwitch } from "../../services/chats/questions/switch.ts";
import type { ShopOrigin } from "../../shops/entry.ts";
import type { ApiHealth, ShopApi, ShopHealth } from "../../shops/health.ts";
import type { Shop } from "../../shops/registry.ts";
import { QUESTIONS_ON_BUTTON } from "../chats/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Locale } from "../core/i18n.ts";
import { formatDateTime } from "../core/screen-text.ts";
import { STOCK_THRESHOLD } from "../stock/index.ts";
import { ADD_STORE, RENAME_STORE, STORES } from "./buttons.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

export interface ViewContext {
  t: Translate;
  locale: Locale;
  timezone: string;
  codec: CallbackCodec;
}

const ORIGIN_KEYS: Record<ShopOrigin, string> = {
  env: "stores-origin-env",
  bot: "stores-origin-bot",
};

const API_KEYS: Record<ShopApi, string> = {
  seller: "stores-api-seller",
  performance: "stores-api-performance",
};

function apiLine(view: ViewContext, api: ShopApi, health: ApiHealth): string {
  const { t } = view;
  const keys =
    health.keys === "ok"
      ? t("stores-keys-ok")
      : health.keys === "refused"
        ? t("stores-keys-refused")
        : t("stores-keys-unknown");
  const last = health.lastOkAt
    ? t("stores-last-ok", { time: formatDateTime(health.lastOkAt, view.locale, view.timezone) })
    : "";
  return `   ${t(API_KEYS[api])}: ${[keys, last].filter(Boolean).join(" · ")}`;
}

/** The list's text and buttons; `notice` heads it (the result of what was just done). */
export async function storesScreen(
  view: ViewContext,
  shops: readonly Shop[],
  health: ShopHealth,
  notice = "",
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const { t, codec } = view;
  const blocks: string[] = [];
  const keyboard = new InlineKeyboard();
  for (const [index, shop] of shops.entries()) {
    const known = await health.of(shop.id);
    const origin = t(ORIGIN_KEYS[shop.origin]);
    const lines = [`${index + 1}. ${shop.name} — ${origin}`];
    if (shop.seller) lines.push(apiLine(view, "seller", known.seller));
    if (shop.performance) lines.push(apiLine(view, "performance", known.performance));
    if (shop.paused) lines.push(`   ${t("stores-paused-mark")}`);
    // Questions stopped for want of a subscription (Premium Plus for questions, «Управление
    // отзывами» or Premium Pro for reviews): said here, with the button that resumes them.
    const questionsOff = shop.seller ? await new QuestionSwitch(shop.store).offSince() : undefined;
    if (questionsOff) {
      const key = questionsOff.feed === "review" ? "stores-reviews-off" : "stores-questions-off";
      lines.push(`   ${t(key)}`);
    }
    blocks.push(lines.join("\n"));
    keyboard
      .text(`✏️ ${shop.name}`, RENAME_STORE.data(codec, shop.ref))
      .text(
        shop.paused ? t("stores-resume-button") : t("stores-pause-button"),
        STORES.data(codec, shop.paused ? "u" : "p", shop.ref),
      )
      .text(
        t("stores-remove-button"),
        STORES.data(codec, shop.origin === "env" ? "e" : "d", shop.ref),
      )
      .row();
    // The store's own low-stock threshold for stock alerts (the stock module's screen).
    if (shop.seller) {
      keyboard
        .text(
          t("stock-threshold-button", { name: shop.name }),
          STOCK_THRESHOLD.data(codec, shop.ref, undefined),
        )
        .row();
    }
    if (questionsOff) {
      keyboard
        .text(`${t("questions-turn-on")}: ${shop.name}`, QUESTIONS_ON_BUTTON.data(codec, shop.ref))
        .row();
    }
  }
  keyboard.text(t("stores-add-button"), ADD_STORE.data(codec));
  const head = shops.length === 0 ? t("stores-empty") : t("stores-title", { count: shops.length });
  const text = [notice, head, ...blocks].filter(Boolean).join("\n\n");
  return { text, keyboard };
}

/** "Pause «X»?" and the like: Yes and Back. */
export function confirmScreen(
  view: ViewContext,
  shop: Shop,
  action: "P" | "U" | "D",
): { text: string; keyboard: InlineKeyboard } {
  const { t, codec } = view;
  const keys = {
    P: ["stores-pause-confirm", "stores-pause-yes"],
    U: ["stores-resume-confirm", "stores-resume-yes"],
    D: ["stores-remove-confirm", "stores-remove-yes"],
  } as const;
  const [question, yes] = keys[action];
  const keyboard = new InlineKeyboard()
    .text(t(yes), STORES.data(codec, action, shop.ref))
    .text(t("stores-back"), STORES.data(codec, "l"));
  return { text: t(question, { name: shop.name }), keyboard };
}
