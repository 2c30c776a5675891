/**
 * The buttons of /audit and the "🕘 History" button other areas put on their cards.
 * Tests: none directly (reached through test/bot/ads/world.ts and 3 more)
 */
import { InlineKeyboard } from "grammy";
import { AUDIT_KIND_NAMES, type AuditObjectType } from "../../services/audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { AUDIT, HISTORY, type HISTORY_CODES } from "./buttons.ts";

/** The object each History code names. */
export const HISTORY_OBJECTS = {
  p: "posting",
  c: "campaign",
  s: "sku",
} as const satisfies Record<(typeof HISTORY_CODES)[number], AuditObjectType>;
export type HistoryCode = keyof typeof HISTORY_OBJECTS;

type T = (key: string, vars?: Record<string, string | number>) => string;

/** Export periods offered, in days; the last is AUDIT_DAYS. */
export function exportDays(keepDays: number): number[] {
  return [...new Set([1, 7, 30, keepDays].filter((d) => d <= keepDays))];
}

export function mainKeyboard(
  t: T,
  codec: CallbackCodec,
  shops: readonly { ref: string; name: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(t("audit-export-button"), AUDIT.data(codec, "X"))
    .text(t("audit-kinds-button"), AUDIT.data(codec, "K"));
  if (shops.length > 1) keyboard.row().text(t("audit-stores-button"), AUDIT.data(codec, "S"));
  return keyboard;
}

export function kindsKeyboard(t: T, codec: CallbackCodec): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  AUDIT_KIND_NAMES.forEach((kind, i) => {
    if (i > 0 && i % 3 === 0) keyboard.row();
    keyboard.text(t(`audit-kind-${kind}`), AUDIT.data(codec, "k", kind));
  });
  return keyboard.row().text(t("audit-back"), AUDIT.data(codec, "l"));
}

export function storesKeyboard(
  t: T,
  codec: CallbackCodec,
  shops: readonly { ref: string; name: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const shop of shops.slice(0, 50)) {
    keyboard.text(shop.name.slice(0, 40), AUDIT.data(codec, "s", shop.ref)).row();
  }
  return keyboard.text(t("audit-back"), AUDIT.data(codec, "l"));
}

export function exportKeyboard(t: T, codec: CallbackCodec, keepDays: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const days of exportDays(keepDays)) {
    keyboard.text(t("audit-export-days", { days }), AUDIT.data(codec, "x", days));
  }
  return keyboard.row().text(t("audit-back"), AUDIT.data(codec, "l"));
}

export function backKeyboard(t: T, codec: CallbackCodec): InlineKeyboard {
  return new InlineKeyboard().text(t("audit-back"), AUDIT.data(codec, "l"));
}

/**
 * The "🕘 History" button of a posting, campaign or product card: that object's entries, for
 * whoever sees the card (limited to the stores their roles reach).
 */
export function historyButton(
  t: T,
  codec: CallbackCodec,
  code: HistoryCode,
  objectId: string,
): { text: string; callback_data: string } {
  return {
    text: t("audit-history-button"),
    callback_data: HISTORY.data(codec, code, objectId),
  };
}
