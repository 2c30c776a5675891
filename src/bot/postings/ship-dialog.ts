/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { Posting, ShipPackage } from "../../ozon/seller/types.ts";
import { type Layout, oneBox, packagesOf } from "../../services/postings/packages.ts";
import {
  requestShip,
  type ShipOutcome,
  type ShipRequest,
} from "../../services/postings/ship-request.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import {
  clip,
  fitItems,
  formatOf,
  postingCard,
  problemText,
  shipDoneText,
  TEXT_BUDGET,
  type Translate,
  unitCount,
} from "./format.ts";
import {
  dialogConfirmKeyboard,
  labelKeyboard,
  shipHowKeyboard,
  shipRetryKeyboard,
} from "./keyboards.ts";
import { sendLabelAfterPack } from "./pack-label.ts";
import { packerOf } from "./packer.ts";
import { packedByText } from "./posting-fate.ts";
import { postingDialogSpec } from "./posting-spec.ts";
import type { PostingDialogDeps } from "./posting-steps.ts";
import { askUnits } from "./unit-steps.ts";

export const SHIP_CONVERSATION = "postings-ship";
export const SHIP_DIALOG = declareDialogButtons("ds", "ship a posting");

/** "2 1" / "2,1" → [2, 1]; undefined for anything else. */
function parseQuantities(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== "");
  if (parts.length === 0 || parts.length > 20) return undefined;
  if (!parts.every((part) => /^\d{1,4}$/.test(part))) return undefined;
  return parts.map(Number);
}

async function askSplit(
  dialog: Dialog,
  posting: Posting,
  /** Heads the first question with the card (when the dialog is on it). */
  headed: (text: string) => string = (text) => text,
): Promise<Layout> {
  const { t } = dialog;
  const layout: Layout = [];
  for (const product of posting.products) {
    const question = headed(
      t("postings-ship-split-product", {
        name: clip(product.name, 100),
        quantity: product.quantity,
      }),
    );
    const quantities = await dialog.text<number[]>(question, (text) => {
      const quantities = parseQuantities(text);
      if (!quantities) return { error: t("postings-ship-split-invalid") };
      const sum = quantities.reduce((a, b) => a + b, 0);
      if (sum !== product.quantity) {
        return { error: t("postings-ship-split-sum", { sum, quantity: product.quantity }) };
      }
      return { value: quantities };
    });
    quantities.forEach((quantity, index) => {
      if (quantity === 0) return;
      const box = layout[index] ?? new Map<string, number>();
      layout[index] = box;
      box.set(product.sku, (box.get(product.sku) ?? 0) + quantity);
    });
  }
  // Packages nobody put anything into are dropped ("0 2" means one package).
  return layout.filter((box) => box !== undefined && box.size > 0);
}

/** What will be shipped, within Telegram's length limit (products that do not fit are counted). */
function summaryOf(t: Translate, posting: Posting, packages: ShipPackage[]): string {
  const names = new Map(posting.products.map((p) => [p.sku, p.name]));
  const title = t("postings-ship-confirm", {
    posting: posting.postingNumber,
    count: packages.length,
  });
  // One item per product line; a package's heading travels with its first product.
  const items = packages.flatMap((pack, i) =>
    pack.items.map((item, j) => {
      const name = clip(names.get(String(item.sku)) ?? String(item.sku), 100);
      const line = `• ${name} ×${item.quantity}`;
      return j === 0 ? `\n${t("postings-ship-package", { number: i + 1 })}\n${line}` : line;
    }),
  );
  const markCount = packages.reduce(
    (sum, pack) => sum + pack.items.reduce((n, item) => n + (item.marks?.length ?? 0), 0),
    0,
  );
  const tail = markCount > 0 ? ["", t("postings-ship-marks-count", { count: markCount })] : [];
  const budget = TEXT_BUDGET - title.length - tail.join("\n").length - 2;
  const more = (count: number) => t("postings-ship-more-lines", { count });
  return [title, ...fitItems(items, budget, more), ...tail].join("\n");
}

/** Who confirmed the ship, as a second packer will be told (the dialog's or a quick pack's). */

export function shipConversation(deps: PostingDialogDeps): ConversationSpec {
  const { codec } = deps;
  return postingDialogSpec(deps, {
    id: SHIP_CONVERSATION,
    buttons: SHIP_DIALOG,
    inPlace: true,
    run: async (dialog, posting, shop, target) => {
      const { conversation, t } = dialog;
      const labels = (parts: string[], number: string) =>
        labelKeyboard(codec, t, parts, number, shop.choice.ref);
      const card = shop.tagged(t, postingCard(posting, formatOf(dialog.ctx, deps.timezone)));
      // On the card (or the chooser) the card heads the first question: one message, not two.
      let head: string | undefined = card;
      if (!dialog.editable()) {
        await dialog.ctx.reply(card);
        head = undefined;
      }
      const headed = (text: string) => {
        const whole = head === undefined ? text : `${head}\n\n${text}`;
        head = undefined;
        return whole;
      };

      let layout = oneBox(posting);
      if (unitCount(posting) > 1 && target.split) {
        layout = await askSplit(dialog, posting, headed);
      } else if (unitCount(posting) > 1 && !target.oneBox) {
        const how = shipHowKeyboard(dialog.button, t);
        const mode = await dialog.choose("m", headed(t("postings-ship-how")), how);
        if (mode === "split") layout = await askSplit(dialog, posting);
      }

      const marks = await askUnits(dialog, shop, posting, headed, deps.unitWait);
      if (!marks) return;
      const packages = packagesOf(layout, marks);

      const confirm = dialogConfirmKeyboard(dialog.button, t("postings-ship-confirm-button"));
      const summary = shop.tagged(t, summaryOf(t, posting, packages));
      await dialog.choose("c", headed(summary), confirm);

      const number = posting.postingNumber;
      const packer = packerOf(dialog.ctx);
      /**
       * One request to Ozon; a failure that may pass offers Retry, which asks again. `unanswered`:
       * an earlier attempt got no answer, so Ozon may have shipped it already.
       */
      const ship = async (attemptNo: number, unanswered: boolean): Promise<void> => {
        await dialog.ctx.replyWithChatAction("typing");
        const request: ShipRequest = {
          postingNumber: number,
          packages,
          packer,
          unanswered,
          ...(deps.audit && {
            audit: { recorder: deps.audit, shopId: shop.choice.id, via: "dialog" },
          }),
        };
        const outcome: ShipOutcome = await conversation.external(() => requestShip(shop, request));
        if (outcome.kind === "failed" && outcome.problem.shopGone) {
          await dialog.show(problemText(t, outcome.problem));
          return;
        }
        if (outcome.kind === "failed") {
          const question = t("postings-ship-failed", {
            posting: number,
            reason: problemText(t, outcome.problem),
          });
          if (outcome.problem.final) {
            await dialog.show(question);
            return;
          }
          // Each attempt has its own step, so a Retry button of an earlier failure is stale.
          const step = `x${attemptNo}`;
          const retry = shipRetryKeyboard(dialog.button, t, step);
          await dialog.choose(step, question, retry);
          return ship(attemptNo + 1, outcome.unanswered);
        }
        if (outcome.kind === "packed") {
          const by = outcome.by;
          // The clock is read (a step the conversation replays) only when a time is shown.
          const now = by ? await conversation.now() : 0;
          const text = packedByText(formatOf(dialog.ctx, deps.timezone), number, by, now);
          await dialog.show(text, labels(by?.parts ?? [], number), false);
          return;
        }
        const parts = outcome.parts;
        const done = shipDoneText(t, number, parts);
        const screen = await dialog.show(shop.tagged(t, done), labels(parts, number), false);
        // The other chats' cards say at once who packed it (this screen says more already).
        const by = outcome.by;
        await conversation.external(() => {
          void deps.announcePacked?.(shop.choice.id, posting, by, screen);
        });
        // The label at once, as after ⚡: nobody taps for it (each part's its own, after a split).
        await conversation.external(async (outside) => {
          const here = { id: shop.choice.id, seller: shop.seller(), store: shop.store() };
          const { logger } = deps;
          const sending = { shops: deps.shops.shops, ...(logger && { logger }) };
          for (const part of parts.length > 0 ? parts : [number]) {
            await sendLabelAfterPack(outside, here, part, undefined, sending).catch(
              (error: unknown) => {
                logger?.warn({ err: error, posting: part }, "label after the pack not sent");
              },
            );
          }
        });
      };
      await ship(1, false);
    },
  });
}
