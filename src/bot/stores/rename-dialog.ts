/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import { MAX_SHOP_NAME_LENGTH, shopNameSchema } from "../../shops/entry.ts";
import { ShopError, type ShopRegistry } from "../../shops/registry.ts";
import { type AuditRecorder, actorOf } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { openDialogRun } from "../core/dialog/person-places.ts";
import { headed } from "../core/dialog/questions.ts";
import { shopGone } from "../core/dialog/shop-step.ts";
import { type ShopChoice, shopChoice } from "../core/shop-tags.ts";
import { nameProblem, sameName } from "./add-store-dialog.ts";
import { renameConfirmKeyboard } from "./keyboards.ts";
import type { KeyIntake } from "./keys.ts";

export const RENAME_STORE_CONVERSATION = "rename-store";
export const RENAME_STORE_DIALOG = declareDialogButtons("dsr", "rename a store");

export interface RenameStoreDeps {
  shops: ShopRegistry;
  codec: CallbackCodec;
  intake: KeyIntake;
  /** Where a rename is recorded (the audit trail). */
  audit?: AuditRecorder;
}

export function renameStoreConversation(deps: RenameStoreDeps): ConversationSpec {
  const { shops, intake } = deps;
  return dialogSpec({
    id: RENAME_STORE_CONVERSATION,
    buttons: RENAME_STORE_DIALOG,
    codec: deps.codec,
    overKey: "stores-rename-over",
    audience: ["admin"],
    run: async (dialog, first, shopId: string) => {
      const { conversation, t } = dialog;
      const lookup = () =>
        conversation.external((): ShopChoice | null => {
          const shop = shops.get(shopId);
          return shop ? shopChoice(shop) : null;
        });
      const current = await lookup();
      if (!current) {
        await dialog.show(t("stores-gone"));
        return;
      }
      const run = await conversation.external((outside) => openDialogRun(outside) ?? "");
      const [userId, chatId] = [first.from?.id ?? 0, first.chat?.id ?? 0];
      const question = t("stores-rename-ask", { name: current.name, max: MAX_SHOP_NAME_LENGTH });

      // The new name, asked again (with why) from here.
      const asked = await dialog.checkpoint();
      await conversation.external(() => intake.expect(userId, chatId, run, "answer"));
      await dialog.ask(headed(asked.notice, question));
      const answer = await dialog.answer([]);
      if (answer.kind !== "text") return dialog.rewind(asked); // no step is offered
      if (intake.isSealed(answer.text)) return dialog.rewind(asked, t("stores-key-not-new-name"));
      const problem = nameProblem(t, answer.text);
      if (problem) return dialog.rewind(asked, problem);
      const name = shopNameSchema.parse(answer.text);
      const taken = await conversation.external(
        () =>
          shops.all().find((shop) => shop.id !== shopId && sameName(shop.name, name))?.name ?? null,
      );
      if (taken) return dialog.rewind(asked, t("stores-name-taken", { name: taken }));

      const keyboard = renameConfirmKeyboard(dialog.button, t);
      const confirm = t("stores-rename-confirm", { old: current.name, new: name });
      await dialog.show(confirm, keyboard);
      const confirmed = await dialog.answer(["y", "a"]);
      if (confirmed.kind === "text" || confirmed.step === "a") return dialog.rewind(asked);
      const by = dialog.ctx;
      const result = await conversation.external(async () => {
        try {
          const before = shops.get(shopId)?.name;
          await shops.rename(shopId, name);
          await deps.audit?.record({
            kind: "store",
            actor: actorOf(by),
            shopId,
            objectId: shopId,
            via: "renamed",
            ...(before === undefined ? {} : { from: before }),
            to: name,
            result: { status: "done" },
          });
          return "renamed" as const;
        } catch (error) {
          if (error instanceof ShopError && error.reason === "duplicate-name") return "taken";
          if (error instanceof ShopError && error.reason === "unknown") return "gone";
          throw error;
        }
      });
      if (result === "gone") return shopGone(dialog, current);
      if (result === "taken") return dialog.rewind(asked, t("stores-name-taken", { name }));
      await dialog.show(t("stores-renamed", { old: current.name, new: name }));
    },
  });
}
