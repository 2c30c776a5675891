/**
 * One posting's tracking number after its card's 🔢 button: the person's next message in that
 * chat is taken as the number — typed, or a photo of the carrier's barcode read in-process as
 * /find reads a label (nothing leaves the server). Either way a preview with ✅ Apply follows, as
 * for /track. Installed before the dialogs and the other features, so /find does not take a
 * typed number for a search. The wait is a typed wait (core/typed-wait.ts): any button pressed
 * or command sent meanwhile ends it, so another dialog's question gets its own answer.
 * Tests: test/bot/deliveries/tracking-typed.test.ts
 */
import { Composer } from "grammy";
import type { Message } from "grammy/types";
import {
  isTrackingNumber,
  TrackingBatches,
  type TrackingPair,
} from "../../services/deliveries/index.ts";
import type { Store } from "../../store/port.ts";
import { clip } from "../../text.ts";
import { readLabelBarcodes } from "../core/barcode.ts";
import { onMessage } from "../core/chain.ts";
import type { BotContext } from "../core/context.ts";
import { mayUse } from "../core/guard.ts";
import type { FeatureFactory } from "../core/module.ts";
import { fetchTelegramFile } from "../core/telegram-files.ts";
import { TypedWaits } from "../core/typed-wait.ts";
import { MAX_PHOTO_BYTES, pickPhotoSize } from "../postings/index.ts";
import { previewText } from "./format.ts";
import { batchKeyboard } from "./keyboards.ts";
import { DELIVERY_ROLES } from "./shop.ts";

export const WAIT_TTL_MS = 10 * 60_000;
/** The typed wait's kind (core/typed-wait.ts). */
const TRACKING = "tracking";

interface TrackingWait {
  postingNumber: string;
}

/** The 🔢 button: the person's next message in this chat is the posting's tracking number. */
export function awaitTracking(store: Store, ctx: BotContext, postingNumber: string) {
  const wait: TrackingWait = { postingNumber };
  return new TypedWaits({ store }).start(ctx, TRACKING, wait, WAIT_TTL_MS);
}

export function trackingTypedFeature(): FeatureFactory {
  return (deps) => {
    const { store, config, logger, codec } = deps;
    const batches = new TrackingBatches(store);
    const waits = new TypedWaits(deps);
    const composer = new Composer<BotContext>();
    onMessage(composer, async (ctx, next) => {
      const message = ctx.message;
      const from = ctx.from;
      // Only a text or a photo may answer; a command ended the wait already (typed-wait.ts).
      const text = message.text?.trim();
      if (text === undefined && !message.photo) return next();
      if (text?.startsWith("/")) return next();
      if (!from || !mayUse(ctx.person, DELIVERY_ROLES)) return next();
      const wait = await waits.peek<TrackingWait>(ctx, TRACKING);
      if (!wait) return next();
      const read = text !== undefined ? text : await fromPhoto(ctx, message);
      if (read === undefined) return next();
      if (read === "told") return;
      if (!isTrackingNumber(read)) {
        await ctx.reply(ctx.t("deliveries-tracking-bad", { text: clip(read, 60) }));
        return;
      }
      await waits.end(ctx);
      const pairs: TrackingPair[] = [{ postingNumber: wait.postingNumber, trackingNumber: read }];
      const id = await batches.save({ owner: from.id, pairs });
      await ctx.reply(previewText(ctx.t, pairs, []), {
        reply_markup: batchKeyboard(codec, ctx.t, id),
      });
    });

    /** The first tracking number among the photo's barcodes; "told" when there is none. */
    async function fromPhoto(ctx: BotContext, message: Message) {
      const picked = message.photo ? pickPhotoSize(message.photo) : undefined;
      if (!picked) return undefined;
      await ctx.replyWithChatAction("typing");
      try {
        const bytes = await fetchTelegramFile({
          api: ctx.api,
          apiRoot: config.telegramApiRoot,
          token: config.botToken,
          fileId: picked.fileId,
          maxBytes: MAX_PHOTO_BYTES,
        });
        const reading = await readLabelBarcodes(bytes);
        const texts = reading.kind === "read" ? reading.texts : [];
        const found = texts.find(isTrackingNumber);
        if (found) return found;
      } catch (error) {
        logger.warn({ err: error }, "tracking: a photo could not be read");
      }
      await ctx.reply(ctx.t("deliveries-tracking-no-barcode"));
      return "told" as const;
    }
    return composer;
  };
}
