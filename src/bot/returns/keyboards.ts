/** The returns' buttons: an rFBS request's decisions, the /returns list, the alerts switch. */
import { InlineKeyboard } from "grammy";
import type { RfbsDecision, RfbsRequestBrief } from "../../ozon/seller/returns.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { decisionLabel } from "./format.ts";

/** Opens an rFBS request's card: `rto:<return id>:<shop ref>`. */
export const OPEN_RFBS_CALLBACK = "rto";
/** Starts a decision: `rtd:<return id>:<shop ref>:<decision code>`. */
export const DECIDE_RFBS_CALLBACK = "rtd";
/** Turns the alerts about returns in this chat on or off: `rts:on|off`. */
export const RETURNS_SWITCH_CALLBACK = "rts";

export const DECISION_CODES: Readonly<Record<RfbsDecision, string>> = {
  approve: "a",
  reject: "r",
  compensate: "c",
  receive: "g",
  return_money: "m",
};

export function decisionOfCode(code: string | undefined): RfbsDecision | undefined {
  return (Object.keys(DECISION_CODES) as RfbsDecision[]).find((d) => DECISION_CODES[d] === code);
}

/** Ozon's return ids are digits; anything else in a button is forged. */
export const RETURN_ID = /^\d{1,20}$/;

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
      codec.encode(DECIDE_RFBS_CALLBACK, id, shopRef, DECISION_CODES[decision]),
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
      if (!RETURN_ID.test(request.id)) continue;
      newRow(keyboard).text(
        t("returns-open-button", { number: request.number ?? request.id }),
        codec.encode(OPEN_RFBS_CALLBACK, request.id, ref),
      );
    }
  }
  newRow(keyboard).text(
    t(subscribed ? "returns-switch-off" : "returns-switch-on"),
    codec.encode(RETURNS_SWITCH_CALLBACK, subscribed ? "off" : "on"),
  );
  return keyboard;
}
