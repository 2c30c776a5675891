/**
 * The returns' keyboards: the actions Ozon offers on an rFBS request, the /returns list, the
 * alerts switch (their buttons are declared in buttons.ts).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { RfbsAction, RfbsRequestBrief } from "../../ozon/seller/returns.ts";
import { clip } from "../../text.ts";
import { NUMERIC_ID_ARG } from "../core/button-args.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ButtonData } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { addPagerRow } from "../core/pager.ts";
import { ACT_RFBS, OPEN_RFBS, RETURNS_PAGE, RETURNS_SWITCH } from "./buttons.ts";
import { actionButtonLabel } from "./format.ts";

/** The actions Ozon offers on the request, one a row, named as Ozon names them (and what they do). */
export function rfbsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  id: string,
  shopRef: string,
  actions: readonly RfbsAction[],
): InlineKeyboard | undefined {
  if (actions.length === 0) return undefined;
  const keyboard = new InlineKeyboard();
  for (const action of actions) {
    newRow(keyboard).text(
      actionButtonLabel(t, action),
      ACT_RFBS.data(codec, id, shopRef, action.id),
    );
  }
  return keyboard;
}

/** The rFBS requests a store's block of /returns opens: ten at most (Ozon's ids are digits). */
export function openableRequests(requests: readonly RfbsRequestBrief[]): RfbsRequestBrief[] {
  return requests.slice(0, 10).filter((request) => NUMERIC_ID_ARG.safeParse(request.id).success);
}

/** A page of /returns: a button per request of its stores, the pager, the alerts switch. */
export function listKeyboard(
  codec: CallbackCodec,
  t: Translator,
  perShop: ReadonlyArray<{ ref: string; requests: readonly RfbsRequestBrief[] }>,
  subscribed: boolean,
  pager: { page: number; pages: number; owner: number },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const { ref, requests } of perShop) {
    for (const request of openableRequests(requests)) {
      newRow(keyboard).text(
        t("returns-open-button", { number: request.number ?? request.id }),
        OPEN_RFBS.data(codec, request.id, ref),
      );
    }
  }
  addPagerRow(keyboard, pager.page, pager.pages, (to) => RETURNS_PAGE.data(codec, to, pager.owner));
  newRow(keyboard).text(
    t(subscribed ? "returns-switch-off" : "returns-switch-on"),
    RETURNS_SWITCH.data(codec, subscribed ? "off" : "on"),
  );
  return keyboard;
}

// The decide dialog's questions: their buttons are the dialog's own (`button`), signed by the
// dialog toolkit, which adds Close.

/** The decision's summary and its one button (step "c"). */
export function decideConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("returns-confirm-button"), button("c", "yes"));
}

/** Ozon's rejection reasons, one a row (step "r", the reason's id). */
export function rejectReasonsKeyboard(
  button: ButtonData,
  reasons: readonly { id: number | string; name: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const reason of reasons)
    newRow(keyboard).text(clip(reason.name, 60), button("r", reason.id));
  return keyboard;
}
