/**
 * The returns' texts: an alert, an rFBS request's card, the /returns list. Pure functions.
 * Tests: test/bot/returns/amounts.test.ts
 */
import {
  type RfbsAction,
  type RfbsRequest,
  type RfbsRequestBrief,
  rfbsActionKind,
  type SellerReturn,
} from "../../ozon/seller/returns.ts";
import { priceKopecks } from "../../services/returns/index.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { currencyMoneyText, isoMomentText } from "../core/numbers.ts";
import { ozonWords } from "../core/ozon-words.ts";

export interface TimeFormat {
  timezone: string;
  locale: string;
}

/** Ozon's "1290.5" and its currency code as the reader writes money ("1 290,50 ₽" / "RUB 1,290.50"). */
function priceText(t: Translator, price: string | undefined, currency: string | undefined): string {
  const kopecks = priceKopecks(price);
  if (kopecks === undefined) return price ?? "—";
  return currencyMoneyText(t, kopecks, currency);
}

/** A buyer wrote it and Ozon passed it on: capped, one paragraph. */
const COMMENT_LIMIT = 500;
const NAME_LIMIT = 200;

/** A moment as every moment is written ("8 Dec, 14:00"); "—" when Ozon gave none. */
export function when(iso: string | undefined, format: TimeFormat): string {
  return isoMomentText(format.locale === "en" ? "en" : "ru", iso, format.timezone);
}

const ALERT_KEYS = {
  on_way: "returns-alert-on-way",
  waiting_pickup: "returns-alert-pickup",
} as const;
const LIST_KEYS = {
  on_way: "returns-list-on-way",
  waiting_pickup: "returns-list-pickup",
} as const;
const CARD_KEYS = { new: "returns-rfbs-new", card: "returns-rfbs-card" } as const;

const text = (value: string | undefined, limit = NAME_LIMIT) =>
  value ? clip(value.replace(/\s+/g, " ").trim(), limit) : "—";

export function returnAlertText(t: Translator, ret: SellerReturn, format: TimeFormat): string {
  return [
    t(ALERT_KEYS[ret.stage]),
    t("returns-posting", { posting: text(ret.postingNumber) }),
    t("returns-product", {
      name: text(ret.productName),
      quantity: ret.quantity ?? 1,
    }),
    t("returns-reason", { reason: ozonWords(t, text(ret.reason)) }),
    ...(ret.placeName ? [t("returns-place", { place: text(ret.placeName) })] : []),
    t("returns-since", { time: when(ret.changedAt, format) }),
  ].join("\n");
}

export function rfbsCardText(
  t: Translator,
  request: RfbsRequest,
  deadline: string | undefined,
  format: TimeFormat,
  heading: "new" | "card" = "card",
): string {
  const lines = [
    t(CARD_KEYS[heading], {
      number: text(request.number ?? request.id),
    }),
    ...(deadline && request.actions.length > 0
      ? [t("returns-deadline", { time: when(deadline, format) })]
      : []),
    t("returns-posting", { posting: text(request.postingNumber) }),
    t("returns-rfbs-product", {
      name: text(request.productName),
      price: priceText(t, request.price, request.currency),
    }),
    t("returns-reason", { reason: ozonWords(t, text(request.reason)) }),
  ];
  if (request.comment) {
    lines.push(t("returns-comment", { comment: text(request.comment, COMMENT_LIMIT) }));
  }
  lines.push(t("returns-state", { state: ozonWords(t, text(request.stateName ?? request.state)) }));
  if (request.actions.length === 0) lines.push(t("returns-rfbs-nothing-to-do"));
  return lines.join("\n");
}

/** A button's text: an action as Ozon names it, one line (its id when Ozon gave no name). */
const ACTION_LABEL_LIMIT = 60;

export function actionLabel(t: Translator, action: Pick<RfbsAction, "id" | "name">): string {
  const name = action.name?.replace(/\s+/g, " ").trim();
  return name ? clip(name, ACTION_LABEL_LIMIT) : t("returns-action-unnamed", { id: action.id });
}

/**
 * An action's button: Ozon's name and, for the actions whose outcome Ozon documents (a partial
 * compensation, a rejection), what happens to the goods and the money.
 */
export function actionButtonLabel(t: Translator, action: Pick<RfbsAction, "id" | "name">): string {
  const named = actionLabel(t, action);
  const kind = rfbsActionKind(action.id);
  return kind === "other" ? named : t(`returns-action-${kind}`, { name: named });
}

export function listText(
  t: Translator,
  shopName: string | undefined,
  returns: readonly SellerReturn[],
  requests: readonly RfbsRequestBrief[],
  format: TimeFormat,
): string {
  const head = shopName ? `🏪 ${shopName}\n` : "";
  if (returns.length === 0 && requests.length === 0) return head + t("returns-list-empty");
  const lines: string[] = [];
  for (const stage of ["waiting_pickup", "on_way"] as const) {
    const some = returns.filter((r) => r.stage === stage);
    if (some.length === 0) continue;
    lines.push(
      t(LIST_KEYS[stage], {
        count: some.length,
      }),
    );
    for (const r of some.slice(0, 20)) {
      lines.push(
        t("returns-list-line", {
          posting: text(r.postingNumber),
          name: text(r.productName, 60),
          time: when(r.changedAt, format),
        }),
      );
    }
    if (some.length > 20) lines.push(t("returns-list-more", { count: some.length - 20 }));
  }
  if (requests.length > 0) {
    lines.push(t("returns-list-rfbs", { count: requests.length }));
    for (const r of requests.slice(0, 20)) {
      lines.push(
        t("returns-list-rfbs-line", {
          number: text(r.number ?? r.id),
          posting: text(r.postingNumber),
          state: ozonWords(t, text(r.stateName ?? r.state, 60)),
        }),
      );
    }
  }
  return head + lines.join("\n");
}
