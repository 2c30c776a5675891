/**
 * A photo of a label: the largest size Telegram offers that is at most 2 MB is fetched (the
 * read stops at 2 MB whatever getFile says), its barcodes are read in-process, and those that
 * look like a posting's number or barcode become the queries. An image sent as a file (JPEG or
 * PNG, at most 2 MB) is taken too; other files are not for this feature.
 * Tests: test/bot/postings/find/parts.test.ts
 */
import type { Message, PhotoSize } from "grammy/types";
import { type FindQuery, parseFindQuery } from "../../services/postings/find.ts";
import { readLabelBarcodes } from "../core/barcode.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { fetchTelegramFile, formatBytes, TelegramFileTooBigError } from "../core/telegram-files.ts";

/** The most of a photo fetched from Telegram. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png"]);

export type PhotoRead =
  /** Not a photo or an image file: someone else's business. */
  | "not-an-image"
  /** The person was told why nothing can be searched (no barcode, too big, not fetched). */
  | { kind: "told" }
  | { kind: "queries"; queries: FindQuery[] };

interface Picked {
  fileId: string;
  size: number | undefined;
}

/** The largest photo size within the cap (sizes come smallest first); unknown sizes are tried. */
export function pickPhotoSize(sizes: readonly PhotoSize[]): Picked | undefined {
  const fitting = sizes.filter((s) => s.file_size === undefined || s.file_size <= MAX_PHOTO_BYTES);
  const largest = fitting.at(-1);
  return largest && { fileId: largest.file_id, size: largest.file_size };
}

function pickFile(message: Message): Picked | "too-big" | undefined {
  if (message.photo && message.photo.length > 0) return pickPhotoSize(message.photo) ?? "too-big";
  const document = message.document;
  if (!document?.mime_type || !IMAGE_TYPES.has(document.mime_type)) return undefined;
  if (document.file_size !== undefined && document.file_size > MAX_PHOTO_BYTES) return "too-big";
  return { fileId: document.file_id, size: document.file_size };
}

export async function photoQueries(
  ctx: BotContext,
  deps: FeatureDeps,
  message: Message,
): Promise<PhotoRead> {
  const picked = pickFile(message);
  if (!picked) return "not-an-image";
  const tooBig = async () => {
    await ctx.reply(ctx.t("find-photo-too-big", { limit: formatBytes(MAX_PHOTO_BYTES) }));
    return { kind: "told" } as const;
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
    deps.logger.warn({ err: error }, "find: a photo could not be fetched from Telegram");
    await ctx.reply(ctx.t("find-photo-fetch-failed"));
    return { kind: "told" };
  }
  const started = performance.now();
  const reading = await readLabelBarcodes(bytes).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "find: reading a photo's barcodes failed");
    return { kind: "unreadable" } as const;
  });
  const texts = reading.kind === "read" ? reading.texts : [];
  deps.logger.debug(
    {
      bytes: bytes.byteLength,
      barcodes: texts.length,
      ms: Math.round(performance.now() - started),
    },
    "find: photo read",
  );
  const queries = texts.flatMap((text) => parseFindQuery(text) ?? []);
  if (queries.length === 0) {
    await ctx.reply(ctx.t("find-photo-no-barcode"));
    return { kind: "told" };
  }
  return { kind: "queries", queries };
}
