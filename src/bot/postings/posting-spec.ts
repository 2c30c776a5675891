/**
 * A postings dialog's spec (postingDialogSpec): entered from a posting's card, it takes the card's
 * place; then it chooses the shop and the posting (posting-steps.ts) and runs the dialog's steps.
 *
 * The shop: the one the pressed button carries; else, for a posting typed with the command, the
 * one shop of the person's that has it; else "which store?" (only when the person reaches more
 * than one). The dialog keeps a plain ShopChoice and looks the shop up inside every Ozon call, so
 * a shop paused or removed meanwhile ends the dialog with a sentence and Ozon is not called.
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationContext, DialogCard } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import type { DialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { recordDialogCard } from "../core/dialog/person-places.ts";
import { chooseShop } from "../core/dialog/shop-step.ts";
import { type ShopChoice, shopChoice, withShopTag } from "../core/shop-tags.ts";
import { cardButtonPosting } from "./buttons.ts";
import { currentShop, reachableShops } from "./posting-shop.ts";
import {
  choosePosting,
  type DialogShop,
  holds,
  type PostingDialogDeps,
  type PostingTarget,
} from "./posting-steps.ts";

const POSTING_DIALOG_KEYS = { over: "postings-step-over" } as const;

/**
 * A postings dialog: for warehouse staff, its buttons of the declared kind `buttons`. It starts by choosing the
 * posting (the one given with the command or button, else asked for); `run` goes on from there.
 */
export function postingDialogSpec(
  deps: PostingDialogDeps,
  dialog: Pick<ConversationSpec, "id" | "leftKey"> & {
    buttons: DialogButtons;
    /** Locale key of the Close button's label (default Close). */
    closeKey?: string;
    /** A press on the posting's card turns the card into the dialog (Dialog.inPlace). */
    inPlace?: boolean;
    run: (
      dialog: Dialog,
      posting: Posting,
      shop: DialogShop,
      target: PostingTarget,
    ) => Promise<void>;
  },
): ConversationSpec {
  const { run, ...spec } = dialog;
  return dialogSpec({
    ...spec,
    audience: ["warehouse"],
    codec: deps.codec,
    overKey: POSTING_DIALOG_KEYS.over,
    run: async (opened, start, given?: string | PostingTarget | null) => {
      // A dialog saved by the version before shops was entered with the posting number alone.
      const target: PostingTarget = typeof given === "string" ? { posting: given } : (given ?? {});
      if (opened.inPlace && target.posting && isCardOf(deps.codec, start, target.posting)) {
        const card = cardOf(start, target);
        if (card) {
          await opened.conversation.external((outside) => recordDialogCard(outside, card));
          opened.adoptEntry();
        }
      }
      const picked = await pickShop(opened, deps, target);
      if (!picked) return;
      const shop = dialogShop(deps, picked);
      const posting = await choosePosting(opened, deps, shop, target.posting);
      if (posting) await run(opened, posting, shop, target);
    },
  });
}

/** Whether the pressed message is the posting's card (it has one of the posting's card buttons). */
function isCardOf(codec: CallbackCodec, ctx: ConversationContext, posting: string): boolean {
  const rows = ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? [];
  return rows.some((row) =>
    row.some((button) => {
      const data = "callback_data" in button ? button.callback_data : undefined;
      const decoded = data === undefined ? undefined : codec.decode(data);
      return decoded !== undefined && cardButtonPosting(decoded) === posting;
    }),
  );
}

/** The pressed card as it is now, and its posting, to be put back when the dialog is left. */
function cardOf(ctx: ConversationContext, target: PostingTarget): DialogCard | undefined {
  const message = ctx.callbackQuery?.message;
  if (!message || message.text === undefined) return undefined;
  const markup = message.reply_markup;
  return {
    messageId: message.message_id,
    text: message.text,
    ...(markup ? { markup } : {}),
    ...(target.posting ? { posting: target.posting } : {}),
    ...(target.shop ? { shop: target.shop } : {}),
  };
}

function dialogShop(deps: PostingDialogDeps, choice: ShopChoice): DialogShop {
  const { shops } = deps.shops;
  const now = () => currentShop(shops, choice.id, choice.name);
  return {
    choice,
    seller: () => now().seller,
    store: () => now().store,
    tagged: (t, text) => withShopTag(t, shops, choice.id, text),
  };
}

/** The shop of the dialog, or undefined when the dialog ended with a sentence. */
async function pickShop(
  dialog: Dialog,
  deps: PostingDialogDeps,
  target: PostingTarget,
): Promise<ShopChoice | undefined> {
  const { conversation } = dialog;
  const { shops } = deps.shops;
  const userId = dialog.ctx.from?.id ?? 0;
  // Read once and recorded: a replay sees the same person (plain data).
  const person = await conversation.external(async () => (await deps.access.lookup(userId)).person);
  if (target.shop !== undefined) {
    const ref = target.shop;
    const shop = await conversation.external(() => {
      const found = shops.byRef(ref);
      return found ? shopChoice(found) : undefined;
    });
    if (shop) return shop;
    await dialog.show(dialog.t("postings-shop-unknown"));
    return undefined;
  }
  const typed = target.posting;
  if (typed !== undefined) {
    // A posting typed with the command: the one shop of the person's that has it waiting.
    const having = await conversation.external(async () => {
      const reachable = reachableShops(person, shops);
      if (reachable.length < 2) return [];
      const found = await Promise.all(reachable.map((s) => holds(s, typed).catch(() => false)));
      return reachable.filter((_, i) => found[i]).map(shopChoice);
    });
    const [only] = having;
    if (only && having.length === 1) return only;
  }
  return chooseShop(dialog, () => reachableShops(person, shops));
}
