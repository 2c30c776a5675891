/**
 * /money's buttons: the three periods (the shown one marked ●) and, with several stores, one
 * button per store the person reaches (at most STORE_BUTTONS, the shown one always), two to a row.
 * Tests: test/bot/money/keyboards.test.ts
 */
import { InlineKeyboard } from "grammy";
import type { MoneyPeriodKind } from "../../services/money/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { chosenLabel } from "../core/marks.ts";
import { MONEY, MONEY_ALERT, MONEY_MARGINS, MONEY_XLSX } from "./buttons.ts";

const KINDS: readonly MoneyPeriodKind[] = ["d", "w", "m"];
/** Store buttons at most (Telegram takes 100 buttons a message); the shown store is always one. */
export const STORE_BUTTONS = 60;

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
      chosenLabel(label, kind === shown.kind),
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
    // In their own order (buttons that move as you switch are hard to follow); past the cap the
    // shown store takes the last place.
    const listed = stores.slice(0, STORE_BUTTONS);
    const current = stores.find((store) => store.ref === shown.ref);
    if (current && !listed.includes(current)) listed[listed.length - 1] = current;
    listed.forEach((store, index) => {
      const label = chosenLabel(store.name.slice(0, 40), store.ref === shown.ref);
      keyboard.text(label, MONEY.data(codec, shown.kind, store.ref, shown.owner));
      if (index % 2 === 1 && index < listed.length - 1) keyboard.row();
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
