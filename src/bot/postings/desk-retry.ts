/**
 * The Retry button of a label batch or a handover act whose files Telegram would not take
 * (desk-delivery.ts, DESK_RETRY in buttons.ts): only the person who asked may press it,
 * in the chat they asked in; the shop's desk then follows the job again (Ozon's files fetched
 * anew) and sends only what had not arrived.
 * Tests: none directly
 */
import type { BotContext } from "../core/context.ts";
import type { FeatureFactory } from "../core/module.ts";
import { DESK_RETRY, type DeskKindCode } from "./buttons.ts";
import type { DeskKind } from "./desk-delivery.ts";
import { type PostingShops, shopOfButton } from "./posting-shop.ts";

/** What the button needs of a shop's desk (LabelDesk, HandoverDesk). */
export interface RetryableDesk {
  find(id: string): Promise<{ chatId: number; askedBy?: number | undefined } | undefined>;
  retry(id: string): Promise<"started" | "busy" | "gone">;
}

export interface DeskRetryDeps {
  shops: PostingShops;
  /** The shop's desk of that kind (undefined while the module is stopped). */
  deskOf(kind: DeskKind, shopId: string): RetryableDesk | undefined;
}

/** The desk a button's code names (desk-delivery.ts's DESK_KIND_ARG the other way round). */
const DESK_OF_CODE: Record<DeskKindCode, DeskKind> = { l: "labels", h: "handover" };

export function deskRetryFeature(area: DeskRetryDeps): FeatureFactory {
  return ({ router }) => {
    router.button(DESK_RETRY, ["warehouse"], async (ctx, [ref, code, id]) => {
      const tell = (key: string, alert = false) =>
        ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: alert });
      const kind = DESK_OF_CODE[code];
      const found = shopOfButton(ctx.t, ctx.person, area.shops, ref);
      if (!found.ok) return ctx.answerCallbackQuery({ text: found.text, show_alert: true });
      const desk = area.deskOf(kind, found.shop.id);
      const job = await desk?.find(id);
      if (!desk || !job) return tell("desk-retry-gone", true);
      if (!askedHere(ctx, job)) return tell("desk-retry-not-yours", true);
      const started = await desk.retry(id);
      return tell(started === "started" ? "desk-retry-started" : `desk-retry-${started}`);
    });
    return undefined;
  };
}

/** The presser asked for the job, in this chat (a job kept before `askedBy`: its private chat). */
function askedHere(ctx: BotContext, job: { chatId: number; askedBy?: number | undefined }) {
  const asker = job.askedBy ?? job.chatId;
  return ctx.chat?.id === job.chatId && ctx.from?.id === asker;
}
