/**
 * What a seller sends to a buyer, read from a Telegram message: its text, or the file it carries
 * (photo, document, video, voice...) fetched from Telegram. Bots may fetch files up to 20 MB.
 * Tests: none directly
 */

import { type Api, GrammyError } from "grammy";
import type { Message } from "grammy/types";
import { BodyOverLimit, readBodyCapped } from "../../ozon/download.ts";

export const TELEGRAM_FETCH_LIMIT_BYTES = 20 * 1024 * 1024;

export interface OutgoingFile {
  fileId: string;
  name: string;
  /** What Telegram says about the size (may be absent). */
  size?: number;
}

export type OutgoingContent =
  | { kind: "text"; text: string }
  | { kind: "file"; file: OutgoingFile; caption: string }
  /** Stickers, locations, polls...: nothing Ozon's chat can carry. */
  | { kind: "unsupported" }
  /** Service messages (a member joined, a topic was renamed): not written by a person. */
  | { kind: "none" };

export function outgoingContent(message: Message): OutgoingContent {
  if (message.text !== undefined) return { kind: "text", text: message.text };
  const file = fileOf(message);
  if (file) return { kind: "file", file, caption: message.caption ?? "" };
  if (
    message.sticker ||
    message.location ||
    message.venue ||
    message.contact ||
    message.poll ||
    message.dice ||
    message.game ||
    message.story
  ) {
    return { kind: "unsupported" };
  }
  return { kind: "none" };
}

function fileOf(message: Message): OutgoingFile | undefined {
  const unique = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 24) || "file";
  if (message.photo && message.photo.length > 0) {
    // Sizes come smallest first: send the largest.
    const largest = message.photo[message.photo.length - 1];
    if (!largest) return undefined;
    return {
      fileId: largest.file_id,
      name: `photo_${unique(largest.file_unique_id)}.jpg`,
      size: largest.file_size,
    };
  }
  const media =
    message.document ??
    message.video ??
    message.audio ??
    message.animation ??
    message.voice ??
    message.video_note;
  if (!media) return undefined;
  const named = "file_name" in media ? media.file_name : undefined;
  const fallback = message.voice
    ? `voice_${unique(media.file_unique_id)}.ogg`
    : message.video_note
      ? `video_${unique(media.file_unique_id)}.mp4`
      : `file_${unique(media.file_unique_id)}`;
  return { fileId: media.file_id, name: named || fallback, size: media.file_size };
}

/** The file is over what Telegram lets a bot fetch. */
export class TelegramFileTooBigError extends Error {
  override name = "TelegramFileTooBigError";
  readonly size: number | undefined;
  constructor(size: number | undefined) {
    super("The file is larger than Telegram lets a bot download");
    this.size = size;
  }
}

/**
 * getFile, then the bytes from `${apiRoot}/file/bot<token>/<path>`. Errors never carry the URL
 * (it holds the bot token).
 */
export async function fetchTelegramFile(options: {
  api: Api;
  apiRoot: string;
  token: string;
  fileId: string;
  maxBytes?: number;
}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? TELEGRAM_FETCH_LIMIT_BYTES;
  let path: string | undefined;
  let size: number | undefined;
  try {
    const file = await options.api.getFile(options.fileId);
    path = file.file_path;
    size = file.file_size;
  } catch (error) {
    if (error instanceof GrammyError && /too big/i.test(error.description)) {
      throw new TelegramFileTooBigError(undefined);
    }
    throw error;
  }
  if (size !== undefined && size > maxBytes) throw new TelegramFileTooBigError(size);
  if (!path) throw new Error("Telegram gave no path for the file");

  const root = options.apiRoot.replace(/\/+$/, "");
  const url = `${root}/file/bot${options.token}/${path.split("/").map(encodeURIComponent).join("/")}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  } catch {
    throw new Error("Downloading the file from Telegram failed");
  }
  if (!response.ok || !response.body) {
    throw new Error(`Downloading the file from Telegram failed: HTTP ${response.status}`);
  }
  try {
    const answer = {
      status: response.status,
      header: (name: string) => response.headers.get(name) ?? undefined,
      body: response.body,
    };
    return await readBodyCapped(answer, maxBytes, () => void response.body?.cancel());
  } catch (error) {
    if (error instanceof BodyOverLimit) throw new TelegramFileTooBigError(error.declaredBytes);
    throw error;
  }
}

/** 1536 → "1.5 KB"; 52428800 → "50.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
