/**
 * The Retry button of a label batch or a handover act whose files Telegram would not take
 * (desk-delivery.ts, `dy:<shop ref>:<l|h>:<job id>`): only the person who asked may press it,
 * in the chat they asked in; the shop's desk then follows the job again (Ozon's files fetched
 * anew) and sends only what had not arrived.
 */
import type { BotContext } from "../core/context.ts";
import type { FeatureFactory } from "../index.ts";
import { DESK_KIND_ARG, DESK_RETRY_CALLBACK, type DeskKind } from "./desk-delivery.ts";
import { type PostingShops, SHOP_REF, shopOfButton } from "./posting-shop.ts";

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

const KINDS = new Map(Object.entries(DESK_KIND_ARG).map(([kind, arg]) => [arg, kind as DeskKind]));

export function deskRetryFeature(area: DeskRetryDeps): FeatureFactory {
  return ({ router }) => {
    router.callback(DESK_RETRY_CALLBACK, ["warehouse"], async (ctx, [ref, kindArg, id]) => {
      const tell = (key: string, alert = false) =>
        ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: alert });
      const kind = kindArg === undefined ? undefined : KINDS.get(kindArg);
      if (!ref || !SHOP_REF.test(ref) || !kind || !id) return tell("callback-invalid", true);
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
