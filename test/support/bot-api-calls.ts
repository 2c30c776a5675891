/**
 * What the fake Bot API (fake-bot-api.ts) records and answers: a call as the bot made it (its
 * parameters and uploaded files) and Telegram's answer or error.
 */
import type { UserFromGetMe } from "grammy/types";

export interface UploadedFile {
  /** Form field that carried it (`document`, `photo`, or an `attach://` name). */
  field: string;
  fileName: string;
  size: number;
  contentType: string;
  bytes: Uint8Array;
}

export interface RecordedCall {
  /** Order of arrival, from 0. */
  seq: number;
  method: string;
  /** Parameters as the bot sent them (JSON body, form fields or query). */
  payload: Record<string, unknown>;
  /** Files uploaded with multipart/form-data. */
  files: UploadedFile[];
  /** The token in the URL. */
  token: string;
  receivedAt: number;
  /** When the answer was sent (undefined while held by `delay`). */
  answeredAt?: number;
  /** What the bot received: the result, or the error for an injected failure. */
  response?: TelegramResponse;
  /**
   * Why the fake could not read the request body (it answered 400, as Telegram does for a
   * malformed request). Payload and files hold what was read before the fault.
   */
  parseError?: string;
  /** Object fields that came as their JSON text (Telegram reads both forms alike). */
  fieldsAsText?: string[];
}

export interface TelegramError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export type TelegramResponse = { ok: true; result: unknown } | ({ ok: false } & TelegramError);

/** A custom answer for a method: return the `result`, or throw a TelegramError-like object. */
export type MethodHandler = (payload: Record<string, unknown>, call: RecordedCall) => unknown;

export interface RegisteredFile {
  file_id: string;
  file_unique_id: string;
  file_path: string;
  file_size: number;
}

export interface FakeBotApiOptions {
  token?: string;
  botInfo?: Partial<UserFromGetMe>;
  /** Longest time getUpdates holds a request open waiting for updates (default 1 000 ms). */
  maxLongPollMs?: number;
  /**
   * How long an idle client connection is kept open (default 1 000 ms). Node's client agent
   * reuses a connection only when the server promises more than a second (Keep-Alive: timeout),
   * so at the default every call opens a new one; Telegram keeps them (bench/ingress.ts).
   */
  keepAliveMs?: number;
}
