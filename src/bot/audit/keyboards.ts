/** The buttons of /audit and the "🕘 History" button other areas put on their cards. */
import { InlineKeyboard } from "grammy";
import { AUDIT_KIND_NAMES, type AuditObjectType } from "../../services/audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";

/** /audit's own buttons (admins): `audit:<action>:<arg>`. */
export const AUDIT_CALLBACK = "audit";
/** A card's history: `audith:<p|c|s>:<object id>`. */
export const HISTORY_CALLBACK = "audith";

/** The objects a card's History may name, by a one-letter code (callback data is 64 bytes). */
export const HISTORY_OBJECTS = {
  p: "posting",
  c: "campaign",
  s: "sku",
} as const satisfies Record<string, AuditObjectType>;
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
    .text(t("audit-export-button"), codec.encode(AUDIT_CALLBACK, "X"))
    .text(t("audit-kinds-button"), codec.encode(AUDIT_CALLBACK, "K"));
  if (shops.length > 1)
    keyboard.row().text(t("audit-stores-button"), codec.encode(AUDIT_CALLBACK, "S"));
  return keyboard;
}

export function kindsKeyboard(t: T, codec: CallbackCodec): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  AUDIT_KIND_NAMES.forEach((kind, i) => {
    if (i > 0 && i % 3 === 0) keyboard.row();
    keyboard.text(t(`audit-kind-${kind}`), codec.encode(AUDIT_CALLBACK, "k", kind));
  });
  return keyboard.row().text(t("audit-back"), codec.encode(AUDIT_CALLBACK, "l"));
}

export function storesKeyboard(
  t: T,
  codec: CallbackCodec,
  shops: readonly { ref: string; name: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const shop of shops.slice(0, 50)) {
    keyboard.text(shop.name.slice(0, 40), codec.encode(AUDIT_CALLBACK, "s", shop.ref)).row();
  }
  return keyboard.text(t("audit-back"), codec.encode(AUDIT_CALLBACK, "l"));
}

export function exportKeyboard(t: T, codec: CallbackCodec, keepDays: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const days of exportDays(keepDays)) {
    keyboard.text(t("audit-export-days", { days }), codec.encode(AUDIT_CALLBACK, "x", days));
  }
  return keyboard.row().text(t("audit-back"), codec.encode(AUDIT_CALLBACK, "l"));
}

export function backKeyboard(t: T, codec: CallbackCodec): InlineKeyboard {
  return new InlineKeyboard().text(t("audit-back"), codec.encode(AUDIT_CALLBACK, "l"));
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
    callback_data: codec.encode(HISTORY_CALLBACK, code, objectId),
  };
}
