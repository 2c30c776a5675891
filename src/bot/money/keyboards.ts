/**
 * /money's buttons: the three periods (the shown one marked) and, with several stores, one button
 * per store the person reaches, two to a row.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { MoneyPeriodKind } from "../../services/money/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { MONEY, MONEY_ALERT, MONEY_MARGINS, MONEY_XLSX } from "./buttons.ts";

const KINDS: readonly MoneyPeriodKind[] = ["d", "w", "m"];

export function moneyKeyboard(
  codec: CallbackCodec,
  t: Translator,
  shown: { kind: MoneyPeriodKind; ref: string; owner: number },
  stores: ReadonlyArray<{ ref: string; name: string }>,
  alerts?: { loss: boolean; payout: boolean },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of KINDS) {
    const label = t("money-period-button", { period: kind });
    keyboard.text(
      kind === shown.kind ? `• ${label}` : label,
      MONEY.data(codec, kind, shown.ref, shown.owner),
    );
  }
  keyboard
    .row()
    .text(t("money-margins-button"), MONEY_MARGINS.data(codec, shown.kind, shown.ref, shown.owner))
    .text(t("money-xlsx-button"), MONEY_XLSX.data(codec, shown.ref, shown.owner));
  if (alerts) {
    const toggle = (kind: "l" | "p", on: boolean) =>
      MONEY_ALERT.data(codec, kind, on ? "off" : "on", shown.kind, shown.ref, shown.owner);
    keyboard
      .row()
      .text(
        t("money-alert-loss-button", { on: alerts.loss ? "yes" : "no" }),
        toggle("l", alerts.loss),
      )
      .text(
        t("money-alert-payout-button", { on: alerts.payout ? "yes" : "no" }),
        toggle("p", alerts.payout),
      );
  }
  if (stores.length > 1) {
    keyboard.row();
    stores.forEach((store, index) => {
      const label = store.ref === shown.ref ? `• ${store.name}` : store.name;
      keyboard.text(label.slice(0, 40), MONEY.data(codec, shown.kind, store.ref, shown.owner));
      if (index % 2 === 1 && index < stores.length - 1) keyboard.row();
    });
  }
  return keyboard;
}

/** Under the margins: back to the money of the same period. */
export function marginsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  shown: { kind: MoneyPeriodKind; ref: string; owner: number },
): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("money-back-button"), MONEY.data(codec, shown.kind, shown.ref, shown.owner))
    .text(t("money-xlsx-button"), MONEY_XLSX.data(codec, shown.ref, shown.owner));
}
