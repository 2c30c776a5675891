/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { AccessService } from "../../services/access/index.ts";
import type { HandoverDesk, HandoverJob } from "../../services/postings/handover.ts";
import { AWAITING_DELIVER, dayOf } from "../../services/postings/today.ts";
import { type AuditRecorder, actorOf, audited } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { callOzon } from "../core/dialog/ozon-call.ts";
import { chooseShop, shopGone } from "../core/dialog/shop-step.ts";
import { type ShopChoice, shopChoice, withShopTag } from "../core/shop-tags.ts";
import { clip, describeOzonError, type Problem, problemText } from "./format.ts";
import { dialogChoicesKeyboard, dialogConfirmKeyboard, noPlacesKeyboard } from "./keyboards.ts";
import { currentShop, type PostingShops, reachableShops } from "./posting-shop.ts";

export const HANDOVER_CONVERSATION = "postings-handover";
export const HANDOVER_DIALOG = declareDialogButtons("dh", "hand postings over");
export const MAX_CARGO_PLACES = 100;
/** Packed postings from this far back still wait for a courier. */
const PACKED_LOOKBACK_DAYS = 14;

export interface HandoverDialogDeps {
  shops: PostingShops;
  codec: CallbackCodec;
  access: AccessService;
  timezone: string;
  /** The running desk of a shop (started by the postings module). */
  deskOf(shopId: string): HandoverDesk | undefined;
  /** Where the act is recorded (the audit trail). */
  audit?: AuditRecorder;
}

interface Method {
  id: string;
  name: string;
  warehouse: string;
  count: number;
}

export function handoverConversation(deps: HandoverDialogDeps): ConversationSpec {
  const { shops } = deps.shops;
  return dialogSpec({
    id: HANDOVER_CONVERSATION,
    buttons: HANDOVER_DIALOG,
    codec: deps.codec,
    overKey: "handover-over",
    audience: ["warehouse"],
    run: async (dialog, first, given?: { shop?: string } | null) => {
      const { conversation, t } = dialog;
      let choice: ShopChoice | undefined;
      if (given?.shop) {
        choice = await conversation.external(() => {
          const shop = shops.byRef(given.shop ?? "");
          return shop ? shopChoice(shop) : undefined;
        });
      }
      if (!choice) {
        const userId = first.from?.id ?? 0;
        // Read once and recorded: a replay sees the same person (plain data).
        const person = await conversation.external(
          async () => (await deps.access.lookup(userId)).person,
        );
        choice = await chooseShop(dialog, () => reachableShops(person, shops));
        if (!choice) return;
      }
      const shop = choice;
      const tagged = (text: string) => withShopTag(t, shops, shop.id, text);
      const live = () => currentShop(shops, shop.id, shop.name);

      const methods = await callOzon(
        conversation,
        async (): Promise<Method[]> => {
          const day = dayOf(Date.now(), deps.timezone);
          const from = new Date(Date.parse(day.from) - PACKED_LOOKBACK_DAYS * 86_400_000);
          const packed = await live().seller.shipping.listByStatus(AWAITING_DELIVER, {
            cutoffFrom: from.toISOString(),
            cutoffTo: day.to,
          });
          const byId = new Map<string, Method>();
          for (const p of packed) {
            const id = p.deliveryMethod?.id;
            if (!id) continue;
            const known = byId.get(id) ?? {
              id,
              name: p.deliveryMethod?.name ?? id,
              warehouse: p.deliveryMethod?.warehouse ?? "",
              count: 0,
            };
            known.count++;
            byId.set(id, known);
          }
          return [...byId.values()];
        },
        (error): Problem => describeOzonError(error),
      );
      if (!methods.ok) {
        if (methods.problem.shopGone) return void (await shopGone(dialog, shop));
        return void (await dialog.show(tagged(problemText(t, methods.problem))));
      }
      if (methods.value.length === 0) {
        return void (await dialog.show(tagged(t("handover-nothing"))));
      }
      let method = methods.value[0] as Method;
      const label = (m: Method) =>
        `${clip(`${m.name}${m.warehouse ? ` · ${m.warehouse}` : ""}`, 52)} (${m.count})`;
      if (methods.value.length > 1) {
        const choices = methods.value.map((m) => ({ id: m.id, label: label(m) }));
        const keyboard = dialogChoicesKeyboard(dialog.button, "m", choices);
        const picked = await dialog.choose("m", tagged(t("handover-method")), keyboard);
        method = methods.value.find((m) => m.id === picked) ?? method;
      }

      // The cargo places, asked again after a number out of range.
      const asked = await dialog.checkpoint();
      const skip = noPlacesKeyboard(dialog.button, t);
      await dialog.ask(tagged(t("handover-places", { max: MAX_CARGO_PLACES })), skip);
      const places = await dialog.answer(["k"]);
      const count = places.kind === "button" ? 0 : cargoPlaces(places.text);
      if (count === undefined) {
        await dialog.ctx.reply(t("handover-places-invalid", { max: MAX_CARGO_PLACES }));
        return dialog.rewind(asked);
      }
      const containers = count;

      const confirm = dialogConfirmKeyboard(dialog.button, t("handover-confirm-button"));
      const summary = t("handover-confirm", {
        method: label(method),
        count: method.count,
        places: containers,
      });
      await dialog.choose("c", tagged(summary), confirm);
      const actor = actorOf(dialog.ctx);

      const created = await callOzon(
        conversation,
        () =>
          audited(
            deps.audit,
            {
              kind: "courier-act",
              actor,
              shopId: shop.id,
              objectId: String(method.id),
              via: `${method.count}`,
            },
            () =>
              live().seller.shipping.createAct({
                deliveryMethodId: method.id,
                containersCount: containers,
              }),
            (actId) => ({ to: String(actId) }),
          ),
        (error): Problem => describeOzonError(error),
      );
      if (!created.ok) {
        if (created.problem.shopGone) return void (await shopGone(dialog, shop));
        const reason = problemText(t, created.problem);
        return void (await dialog.show(tagged(t("handover-create-failed", { reason }))));
      }
      const shown = await dialog.show(tagged(t("handover-waiting", { polls: 0 })));
      const { locale } = dialog.ctx;
      const askedBy = dialog.ctx.from?.id;
      await conversation.external(async () => {
        const job: HandoverJob = {
          actId: created.value,
          chatId: shown.chatId,
          askedBy,
          messageId: shown.messageId,
          locale,
          containers,
          method: label(method),
          createdAt: Date.now(),
          polls: 0,
          toldSlow: false,
        };
        await deps.deskOf(shop.id)?.track(job);
      });
    },
  });
}

/** A typed number of cargo places (0 … MAX_CARGO_PLACES), or undefined. */
function cargoPlaces(text: string): number | undefined {
  const count = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  return count >= 0 && count <= MAX_CARGO_PLACES ? count : undefined;
}
