/**
 * «⚡ Pack in 1 box» on a posting's card: one tap packs it in one package and sends the label
 * right after; the card itself says it is packed.
 *
 * No confirmation: the button is the whole decision (one box, nothing to type), the card above it
 * shows what goes in, and a confirm screen would only repeat the card. What needs more than one
 * tap never ships from here: a posting whose units need anything (marks, GTD, RNPT, weight, IMEI:
 * Ozon is asked at the tap, services/postings/units.ts; the card cannot know) turns into the ship
 * dialog on the card, one package already chosen, and one that no longer awaits packaging says
 * what became of it (the same dialog). The ship goes through ship-request.ts, so two people
 * tapping at once get one pack and the second is told who.
 */
import type { Posting } from "../../ozon/seller/types.ts";
import { oneBox, packagesOf } from "../../services/postings/packages.ts";
import { requestShip } from "../../services/postings/ship-request.ts";
import { planPack } from "../../services/postings/units.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { AuditRecorder } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { showScreen } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import {
  AWAITING_PACKAGING,
  describeOzonError,
  formatOf,
  problemText,
  shipDoneText,
} from "./format.ts";
import { labelKeyboard, withDeliveryButton } from "./keyboards.ts";
import { packedByText } from "./posting-fate.ts";
import type { SellerShop } from "./posting-shop.ts";
import type { PackedAnnouncer } from "./posting-steps.ts";
import { packerOf } from "./ship-dialog.ts";

/** A second tap within this time (a double tap, another person) packs nothing more. */
const BUSY_MS = 60_000;

export interface QuickPackDeps {
  codec: CallbackCodec;
  timezone: string;
  shops: ShopRegistry;
  announcePacked?: PackedAnnouncer;
  /** Where the pack is recorded (the audit trail). */
  audit?: AuditRecorder;
}

/** What the tap came to: packed here (the label is due), or the dialog must take over. */
export type QuickPackResult = "packed" | "dialog" | "busy" | "told";

/** The store key held while a tap packs `number` (BUSY_MS at most). */
const busyKey = (number: string) => `quick-pack:${number}`;

/** Someone's tap is packing it now (a hint for the answer; quickPack checks again, atomically). */
export async function quickPackBusy(shop: SellerShop, number: string): Promise<boolean> {
  return Boolean(await shop.store.get(busyKey(number)));
}

/** Packs the posting of the pressed card in one box, when nothing more is needed. */
export async function quickPack(
  ctx: BotContext,
  shop: SellerShop,
  number: string,
  deps: QuickPackDeps,
): Promise<QuickPackResult> {
  const key = busyKey(number);
  if (!(await shop.store.setIfAbsent(key, true, { ttlMs: BUSY_MS }))) return "busy";
  try {
    return await pack(ctx, shop, number, deps);
  } finally {
    await shop.store.delete(key);
  }
}

async function pack(
  ctx: BotContext,
  shop: SellerShop,
  number: string,
  deps: QuickPackDeps,
): Promise<QuickPackResult> {
  const tagged = (text: string) => withShopTag(ctx.t, deps.shops, shop.id, text);
  let posting: Posting;
  try {
    posting = await shop.seller.postings.get(number);
  } catch (error) {
    await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
    return "told";
  }
  if (posting.status !== AWAITING_PACKAGING) return "dialog";
  // Anything to ask (or Ozon could not say): the dialog asks it, or says what went wrong.
  const plan = await planPack(shop.seller, posting).catch(() => undefined);
  if (!plan || plan.questions.length > 0) return "dialog";

  const packer = packerOf(ctx);
  const packages = packagesOf(oneBox(posting), new Map());
  const outcome = await requestShip(
    { seller: () => shop.seller, store: () => shop.store },
    {
      postingNumber: number,
      packages,
      packer,
      unanswered: false,
      ...(deps.audit && { audit: { recorder: deps.audit, shopId: shop.id, via: "one-tap" } }),
    },
  );
  const format = formatOf(ctx, deps.timezone);
  if (outcome.kind === "failed") {
    // The card stays as it is: tapping it again is the retry.
    const reason = problemText(ctx.t, outcome.problem);
    await ctx.reply(tagged(ctx.t("postings-ship-failed", { posting: number, reason })));
    return "told";
  }
  const labels = (parts: string[]) =>
    withDeliveryButton(
      labelKeyboard(deps.codec, ctx.t, parts, number, shop.ref),
      deps.codec,
      ctx.t,
      posting,
      shop.ref,
    );
  if (outcome.kind === "packed") {
    const by = outcome.by;
    const text = packedByText(format, number, by, Date.now());
    await showScreen(ctx, tagged(text), labels(by?.parts ?? []));
    return "told";
  }
  await showScreen(
    ctx,
    tagged(shipDoneText(ctx.t.bind(ctx), number, outcome.parts)),
    labels(outcome.parts),
  );
  const message = ctx.callbackQuery?.message;
  const kept = message ? { chatId: message.chat.id, messageId: message.message_id } : undefined;
  void deps.announcePacked?.(shop.id, posting, outcome.by, kept);
  return "packed";
}
