/**
 * The returns' keyboards: an rFBS request's decisions, the /returns list, the alerts switch (their
 * buttons are declared in buttons.ts).
 */
import { InlineKeyboard } from "grammy";
import type { RfbsDecision, RfbsRequestBrief } from "../../ozon/seller/returns.ts";
import { NUMERIC_ID_ARG } from "../core/button-args.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { DECIDE_RFBS, type DecisionCode, OPEN_RFBS, RETURNS_SWITCH } from "./buttons.ts";
import { decisionLabel } from "./format.ts";

export const DECISION_CODES: Readonly<Record<RfbsDecision, DecisionCode>> = {
  approve: "a",
  reject: "r",
  compensate: "c",
  receive: "g",
  return_money: "m",
};

const BY_CODE = Object.fromEntries(
  Object.entries(DECISION_CODES).map(([decision, code]) => [code, decision]),
) as Record<DecisionCode, RfbsDecision>;

/** The decision a button's code names (the declaration admits only DECISION_CODES' letters). */
export function decisionOfCode(code: DecisionCode): RfbsDecision {
  return BY_CODE[code];
}

export function rfbsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  id: string,
  shopRef: string,
  decisions: readonly RfbsDecision[],
): InlineKeyboard | undefined {
  if (decisions.length === 0) return undefined;
  const keyboard = new InlineKeyboard();
  const ordered = (Object.keys(DECISION_CODES) as RfbsDecision[]).filter((d) =>
    decisions.includes(d),
  );
  ordered.forEach((decision, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(
      decisionLabel(t, decision),
      DECIDE_RFBS.data(codec, id, shopRef, DECISION_CODES[decision]),
    );
  });
  return keyboard;
}

export function listKeyboard(
  codec: CallbackCodec,
  t: Translator,
  perShop: ReadonlyArray<{ ref: string; requests: readonly RfbsRequestBrief[] }>,
  subscribed: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const { ref, requests } of perShop) {
    for (const request of requests.slice(0, 10)) {
      // Ozon's return ids are digits: another id could not be opened from a button.
      if (!NUMERIC_ID_ARG.safeParse(request.id).success) continue;
      newRow(keyboard).text(
        t("returns-open-button", { number: request.number ?? request.id }),
        OPEN_RFBS.data(codec, request.id, ref),
      );
    }
  }
  newRow(keyboard).text(
    t(subscribed ? "returns-switch-off" : "returns-switch-on"),
    RETURNS_SWITCH.data(codec, subscribed ? "off" : "on"),
  );
  return keyboard;
}
