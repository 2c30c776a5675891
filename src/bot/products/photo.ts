/**
 * A photo of a product's barcode after `/products`: the largest size Telegram offers within 2 MB
 * is fetched (the read stops at 2 MB whatever getFile says), its retail codes are read in-process
 * (core/barcode.ts) and become the queries. An image sent as a file (JPEG or PNG) is taken too.
 * Tests: none directly
 */
import type { Message } from "grammy/types";
import { readProductBarcodes } from "../core/barcode.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { fetchTelegramFile, formatBytes, TelegramFileTooBigError } from "../core/telegram-files.ts";

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png"]);

/** The file to fetch, "too-big", or undefined when the message holds no picture. */
function pickFile(message: Message): { fileId: string } | "too-big" | undefined {
  if (message.photo && message.photo.length > 0) {
    const fitting = message.photo.filter(
      (s) => s.file_size === undefined || s.file_size <= MAX_PHOTO_BYTES,
    );
    const largest = fitting.at(-1);
    return largest ? { fileId: largest.file_id } : "too-big";
  }
  const document = message.document;
  if (!document?.mime_type || !IMAGE_TYPES.has(document.mime_type)) return undefined;
  if (document.file_size !== undefined && document.file_size > MAX_PHOTO_BYTES) return "too-big";
  return { fileId: document.file_id };
}

/** The barcodes on the picture; "told" when the person was told why there are none. */
export async function photoBarcodes(
  ctx: BotContext,
  deps: FeatureDeps,
  message: Message,
): Promise<string[] | "not-an-image" | "told"> {
  const picked = pickFile(message);
  if (!picked) return "not-an-image";
  const tooBig = async () => {
    await ctx.reply(ctx.t("products-photo-too-big", { limit: formatBytes(MAX_PHOTO_BYTES) }));
    return "told" as const;
  };
  if (picked === "too-big") return tooBig();
  await ctx.replyWithChatAction("typing");
  let bytes: Uint8Array;
  try {
    bytes = await fetchTelegramFile({
      api: ctx.api,
      apiRoot: deps.config.telegramApiRoot,
      token: deps.config.botToken,
      fileId: picked.fileId,
      maxBytes: MAX_PHOTO_BYTES,
    });
  } catch (error) {
    if (error instanceof TelegramFileTooBigError) return tooBig();
    deps.logger.warn({ err: error }, "products: a photo could not be fetched from Telegram");
    await ctx.reply(ctx.t("products-photo-fetch-failed"));
    return "told";
  }
  const reading = await readProductBarcodes(bytes).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "products: reading a photo's barcodes failed");
    return { kind: "unreadable" } as const;
  });
  const texts = reading.kind === "read" ? reading.texts.filter((t) => /^[\w-]{4,64}$/.test(t)) : [];
  if (texts.length === 0) {
    await ctx.reply(ctx.t("products-photo-no-barcode"));
    return "told";
  }
  return texts;
}
