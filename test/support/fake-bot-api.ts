/**
 * A fake Telegram Bot API over real HTTP on 127.0.0.1 (ephemeral port). It records every call
 * and answers the way Telegram does, so a bot under test runs unchanged with
 * `client: { apiRoot: fake.apiRoot }` (or TELEGRAM_API_ROOT=fake.apiRoot for a child process).
 * Conversations build their own Api objects, so intercepting with `bot.api.config.use` would
 * miss their calls; going through HTTP sees everything.
 *
 * ```ts
 * const fake = await FakeBotApi.start();
 * const bot = createBot({ ..., botInfo: fake.botInfo, client: { apiRoot: fake.apiRoot } });
 * await bot.handleUpdate(command("start", { from: alice }));
 * const sent = await fake.waitForCall("sendMessage", (c) => c.payload.chat_id === alice.id);
 * fake.rateLimit("sendMessage", 1);          // the next sendMessage answers 429, retry_after 1
 * fake.delay("sendMessage", 500);            // hold sendMessage answers for 500 ms
 * fake.stopAnswering();                      // Telegram goes silent: calls recorded, never answered
 * fake.answerAgain();                        // ...until this (the held calls are answered now)
 * fake.queueUpdates(update1, update2);       // served by getUpdates (runner / polling tests)
 * const file = fake.registerFile(bytes, { fileName: "a.pdf" }); // getFile + /file/bot<token>/...
 * const hooks = fake.webhooks([portA, portB]); // webhook mode: POST updates to bot processes
 * await hooks.deliver(update);                 // round-robin (webhook-delivery.ts)
 * await fake.close();
 * ```
 *
 * Methods with a real answer: getMe, sendMessage, editMessageText, editMessageReplyMarkup,
 * editMessageCaption, answerCallbackQuery, setMyCommands, sendDocument, sendPhoto, sendMediaGroup,
 * copyMessage, forwardMessage, deleteMessage, setWebhook, deleteWebhook, getWebhookInfo,
 * getUpdates, getFile, createForumTopic, setMessageReaction, sendChatAction, getChat.
 * Any other Bot API method answers `{ ok: true, result: true }` (and is recorded); a name
 * Telegram does not know answers 404 "Not Found".
 *
 * It refuses as Telegram does (telegram-messages.ts), with Telegram's error_code and description:
 * an edit of a message that does not exist (never sent, deleted; `addMessage` declares one) or
 * that changes nothing ("message is not modified"), a text over 4 096 characters or a caption
 * over 1 024 after entity parsing, callback data over 64 bytes ("BUTTON_DATA_INVALID").
 * A button press built by updates.ts makes its message exist, as Telegram only delivers presses
 * on messages that exist.
 * A body the fake cannot read (bad JSON, malformed multipart) is still recorded, with
 * `parseError`, and answered 400 "Bad Request: ..." as Telegram answers a malformed request.
 * A keyboard with an empty row (a `row()` too many) is answered as usual but noted:
 * test/support/setup.ts fails the test that sent one (`takeEmptyKeyboardRows`).
 *
 * Its parts, one idea a file: reading a request (bot-api-request.ts), what a call records
 * (bot-api-calls.ts), what a test makes it do wrong (bot-api-faults.ts), the messages that exist
 * and Telegram's refusals (telegram-messages.ts), getUpdates (update-queue.ts), webhooks
 * (webhook-delivery.ts); here the server, the recorded calls and each method's answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update, UserFromGetMe } from "grammy/types";
import type {
  FakeBotApiOptions,
  MethodHandler,
  RecordedCall,
  RegisteredFile,
  TelegramError,
  TelegramResponse,
} from "./bot-api-calls.ts";
import { BotApiFaults } from "./bot-api-faults.ts";
import { BOT_API_METHODS } from "./bot-api-methods.ts";
import { parsePayload, readBody } from "./bot-api-request.ts";
import { botInfoFor } from "./bot-info.ts";
import {
  bodyOf,
  ChatMessages,
  checkLimits,
  markupKey,
  UNKNOWN_METHOD,
} from "./telegram-messages.ts";
import { UpdateQueue } from "./update-queue.ts";
import { WebhookDelivery } from "./webhook-delivery.ts";

export type {
  FakeBotApiOptions,
  MethodHandler,
  RecordedCall,
  RegisteredFile,
  TelegramError,
  TelegramResponse,
  UploadedFile,
} from "./bot-api-calls.ts";

export const TEST_BOT_TOKEN = "7000001:AAFakeTokenForTestsOnly_abcdefghijklmnop";

export class FakeBotApi {
  readonly token: string;
  readonly botInfo: UserFromGetMe;
  /** Every call in order of arrival. */
  readonly calls: RecordedCall[] = [];
  readonly #server: Server;
  #apiRoot = "";
  #messageId = 1000;
  #fileSeq = 0;
  #topicSeq = 100;
  /** What a test makes it do wrong (bot-api-faults.ts). */
  readonly #faults = new BotApiFaults();
  readonly #handlers = new Map<string, MethodHandler>();
  readonly #files = new Map<string, { meta: RegisteredFile; bytes: Uint8Array }>();
  /** Served by getUpdates (update-queue.ts). */
  readonly #updates: UpdateQueue;
  /** The messages that exist in each chat, for edits (telegram-messages.ts). */
  readonly #chatMessages = new ChatMessages();
  readonly #callWaiters = new Set<() => void>();

  private constructor(options: FakeBotApiOptions) {
    this.token = options.token ?? TEST_BOT_TOKEN;
    const id = Number(this.token.split(":")[0]);
    this.botInfo = { ...botInfoFor(id, "ozon_test_bot", "Ozon Test Bot"), ...options.botInfo };
    this.#updates = new UpdateQueue(options.maxLongPollMs ?? 1_000);
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    this.#server.keepAliveTimeout = options.keepAliveMs ?? 1_000;
  }

  /** Starts the fake on 127.0.0.1 with an ephemeral port. */
  static async start(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
    const fake = new FakeBotApi(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.#server.address() as AddressInfo;
    fake.#apiRoot = `http://127.0.0.1:${port}`;
    return fake;
  }

  /** The Bot API root to give the bot (`client.apiRoot` or TELEGRAM_API_ROOT). */
  get apiRoot(): string {
    return this.#apiRoot;
  }

  /** Recorded calls of one method, in order. */
  callsTo(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Texts of sendMessage calls to a chat (a handy view for assertions). */
  textsTo(chatId: number): string[] {
    return this.callsTo("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === chatId)
      .map((c) => String(c.payload.text));
  }

  /**
   * Resolves with the first call of `method` matching `predicate` whose seq is at least `since`
   * (default 0: earlier calls count too); rejects after `timeoutMs`.
   */
  waitForCall(
    method: string,
    predicate: (call: RecordedCall) => boolean = () => true,
    timeoutMs = 5_000,
    options: { since?: number; answered?: boolean } = {},
  ): Promise<RecordedCall> {
    const since = options.since ?? 0;
    const find = () =>
      this.calls.find(
        (c) =>
          c.seq >= since &&
          c.method === method &&
          (!options.answered || c.answeredAt !== undefined) &&
          predicate(c),
      );
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#callWaiters.delete(check);
        const seen = this.calls.map((c) => c.method).join(", ") || "none";
        reject(new Error(`no matching ${method} call within ${timeoutMs} ms (calls: ${seen})`));
      }, timeoutMs);
      const check = () => {
        const call = find();
        if (!call) return;
        clearTimeout(timer);
        this.#callWaiters.delete(check);
        resolve(call);
      };
      this.#callWaiters.add(check);
    });
  }

  /** The next `times` calls of `method` answer 429 with `parameters.retry_after`. */
  rateLimit(method: string, retryAfterSeconds: number, times = 1): void {
    this.failNext(
      method,
      {
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfterSeconds}`,
        parameters: { retry_after: retryAfterSeconds },
      },
      times,
    );
  }

  /** The next `times` calls of `method` fail with this Telegram error. */
  failNext(method: string, error: TelegramError, times = 1): void {
    this.#faults.failNext(method, error, times);
  }

  /**
   * The group became a supergroup: from now on every call naming `fromChatId` is refused as
   * Telegram does, with 400 and `parameters.migrate_to_chat_id`.
   */
  migrateChat(fromChatId: number, toChatId: number): void {
    this.#faults.migrateChat(fromChatId, toChatId);
  }

  /**
   * Every call naming `chatId` is refused with `error` from now on (a group where the bot lost
   * the right to post: 400 CHAT_WRITE_FORBIDDEN, say); `undefined` lets the chat be written again.
   */
  refuseChat(chatId: number, error: TelegramError | undefined): void {
    this.#faults.refuseChat(chatId, error);
  }

  /** The next `times` answers to `method` are held for `ms` (the call is recorded at once). */
  delay(method: string, ms: number, times = 1): void {
    this.#faults.delay(method, ms, times);
  }

  /**
   * Telegram stops answering: every call from now on is recorded and then held without an answer
   * (the connection stays open) until answerAgain() or close().
   */
  stopAnswering(): void {
    this.#faults.stopAnswering();
  }

  /** Answers the held calls and every later one again. */
  answerAgain(): void {
    this.#faults.answerAgain();
  }

  /** A custom answer for a method (replaces the built-in one). */
  respond(method: string, handler: MethodHandler): void {
    this.#handlers.set(method, handler);
  }

  /**
   * Webhook mode: updates POSTed to the registered webhook path (setWebhook) of the bot
   * processes listening on `ports` of 127.0.0.1, round-robin and concurrently.
   */
  webhooks(ports: readonly number[]): WebhookDelivery {
    return new WebhookDelivery(ports, () => this.callsTo("setWebhook"));
  }

  /**
   * A message that exists in a chat though this fake did not send it (one a test says the bot
   * sent earlier, say before a restart): edits of it are answered, not refused as "not found".
   */
  addMessage(
    chatId: number | string,
    messageId: number,
    content: { text?: string; caption?: string; parse_mode?: string; reply_markup?: unknown } = {},
  ): void {
    const known = content.text ?? content.caption;
    this.#chatMessages.remember(chatId, messageId, {
      body: known === undefined ? undefined : bodyOf(known, content.parse_mode, undefined),
      markup: markupKey(content.reply_markup),
    });
  }

  /** Updates served by getUpdates, in order. */
  queueUpdates(...updates: Update[]): void {
    this.#updates.push(...updates);
  }

  /** Updates queued and not yet confirmed by an offset. */
  get pendingUpdates(): number {
    return this.#updates.pending;
  }

  /** Makes bytes downloadable: getFile(file_id) then GET /file/bot<token>/<file_path>. */
  registerFile(
    bytes: Uint8Array,
    options: {
      fileName?: string;
      fileId?: string;
      filePath?: string;
      /** What getFile says the size is (default: the true size), to stand for a lying peer. */
      declaredSize?: number;
    } = {},
  ): RegisteredFile {
    const n = ++this.#fileSeq;
    const meta: RegisteredFile = {
      file_id: options.fileId ?? `file-${n}`,
      file_unique_id: `unique-${n}`,
      file_path: options.filePath ?? `documents/${options.fileName ?? `file_${n}.bin`}`,
      file_size: options.declaredSize ?? bytes.byteLength,
    };
    this.#files.set(meta.file_id, { meta, bytes });
    return meta;
  }

  /** Forgets calls, injections and custom handlers (updates and files stay). */
  reset(): void {
    this.calls.length = 0;
    this.#faults.clear();
    this.#handlers.clear();
  }

  async close(): Promise<void> {
    this.answerAgain();
    this.#updates.wake();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  // --- HTTP handling -------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch)
      return this.#download(res, fileMatch[1] ?? "", decodeURIComponent(fileMatch[2] ?? ""));
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return send(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const token = match[1] ?? "";
    const method = match[2] ?? "";
    const body = await readBody(req);
    const { payload, files, error, fieldsAsText } = parsePayload(
      req.headers["content-type"] ?? "",
      url,
      body,
    );

    const call: RecordedCall = {
      seq: this.calls.length,
      method,
      payload,
      files,
      token,
      receivedAt: Date.now(),
    };
    if (error !== undefined) call.parseError = error;
    if (fieldsAsText?.length) call.fieldsAsText = fieldsAsText;
    if (hasEmptyRow(payload.reply_markup)) {
      emptyKeyboardRows.push(`${method}: ${JSON.stringify(payload.reply_markup)}`);
    }
    this.calls.push(call);
    this.#notify();
    // No await unless silent or held: a fault armed by a waiter on this call applies to the next.
    const silence = this.#faults.answering();
    if (silence) await silence;

    if (error !== undefined) {
      return this.#answer(res, call, 400, { ok: false, error_code: 400, description: error });
    }

    if (token !== this.token) {
      return this.#answer(res, call, 401, {
        ok: false,
        error_code: 401,
        description: "Unauthorized",
      });
    }
    const hold = this.#faults.held(method);
    if (hold) await hold;
    const refusal = this.#faults.refusal(method, payload.chat_id);
    if (refusal) return this.#answer(res, call, refusal.error_code, { ok: false, ...refusal });

    try {
      const result = await this.#result(method, payload, call, req);
      return this.#answer(res, call, 200, { ok: true, result });
    } catch (error) {
      const e = error as Partial<TelegramError>;
      if (typeof e.error_code === "number") {
        return this.#answer(res, call, e.error_code, {
          ok: false,
          error_code: e.error_code,
          description: e.description ?? "Error",
          parameters: e.parameters,
        });
      }
      throw error;
    }
  }

  #answer(res: ServerResponse, call: RecordedCall, status: number, body: TelegramResponse) {
    call.response = body;
    call.answeredAt = Date.now();
    send(res, status, body);
    this.#notify();
  }

  #notify() {
    for (const check of [...this.#callWaiters]) check();
  }

  #download(res: ServerResponse, token: string, path: string) {
    const file = [...this.#files.values()].find((f) => f.meta.file_path === path);
    if (token !== this.token || !file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": file.bytes.byteLength,
    });
    res.end(Buffer.from(file.bytes));
  }

  async #result(
    method: string,
    payload: Record<string, unknown>,
    call: RecordedCall,
    req: IncomingMessage,
  ): Promise<unknown> {
    const custom = this.#handlers.get(method);
    // Telegram answers 404 to a method it does not know (a test may still define one).
    if (!custom && !BOT_API_METHODS.has(method.toLowerCase())) throw UNKNOWN_METHOD;
    checkLimits(method, payload);
    if (custom) return await custom(payload, call);
    const caption = bodyOf(payload.caption, payload.parse_mode, payload.caption_entities);
    switch (method) {
      case "getMe":
        return this.botInfo;
      case "sendMessage":
        return this.#sent(
          payload,
          { text: payload.text, entities: payload.entities },
          bodyOf(payload.text, payload.parse_mode, payload.entities),
        );
      case "sendDocument":
        return this.#sent(
          payload,
          { document: this.#fileFor(payload.document, call, "document"), caption: payload.caption },
          caption,
        );
      case "sendPhoto": {
        const file = this.#fileFor(payload.photo, call, "photo");
        return this.#sent(
          payload,
          { photo: [{ ...file, width: 800, height: 600 }], caption: payload.caption },
          caption,
        );
      }
      case "sendMediaGroup": {
        const media = Array.isArray(payload.media) ? payload.media : [];
        return media.map(
          (item: { type?: string; caption?: string; parse_mode?: string; caption_entities?: [] }) =>
            this.#sent(
              { ...payload, reply_markup: undefined },
              { caption: item.caption, media_type: item.type },
              bodyOf(item.caption, item.parse_mode, item.caption_entities),
            ),
        );
      }
      case "copyMessage": {
        const messageId = ++this.#messageId;
        this.#chatMessages.remember(payload.chat_id, messageId, {
          markup: markupKey(payload.reply_markup),
        });
        return { message_id: messageId };
      }
      case "forwardMessage":
        return this.#sent(payload, {}, undefined);
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageReplyMarkup":
        if (payload.inline_message_id !== undefined) return true;
        // Refuses an edit of a missing message, or one that changes nothing, as Telegram does.
        this.#chatMessages.edit(method, payload);
        return {
          ...this.#message(payload, { text: payload.text, caption: payload.caption }),
          message_id: Number(payload.message_id),
          edit_date: now(),
        };
      case "deleteMessage":
        this.#chatMessages.forget(payload.chat_id, payload.message_id);
        return true;
      case "deleteMessages":
        for (const id of Array.isArray(payload.message_ids) ? payload.message_ids : []) {
          this.#chatMessages.forget(payload.chat_id, id);
        }
        return true;
      case "getUpdates":
        return await this.#updates.poll(payload, req);
      case "getFile": {
        const file = this.#files.get(String(payload.file_id));
        if (!file) throw { error_code: 400, description: "Bad Request: invalid file_id" };
        return file.meta;
      }
      case "getWebhookInfo":
        return { url: "", has_custom_certificate: false, pending_update_count: 0 };
      case "createForumTopic":
        return {
          message_thread_id: ++this.#topicSeq,
          name: String(payload.name ?? ""),
          icon_color: Number(payload.icon_color ?? 7322096),
        };
      case "getChat":
        return { ...chatFor(payload.chat_id), accent_color_id: 0, max_reaction_count: 11 };
      default:
        // answerCallbackQuery, setMyCommands, setWebhook, deleteWebhook, setMessageReaction,
        // sendChatAction and the other methods Telegram knows: they answer `true`.
        return true;
    }
  }

  /** A message the bot sent: it exists from now on, with `body` for later edits to compare. */
  #sent(
    payload: Record<string, unknown>,
    content: Record<string, unknown>,
    body: string | undefined,
  ): Record<string, unknown> {
    const message = this.#message(payload, content);
    this.#chatMessages.remember(payload.chat_id, message.message_id, {
      body,
      markup: markupKey(payload.reply_markup),
    });
    return message;
  }

  #message(payload: Record<string, unknown>, content: Record<string, unknown>) {
    const message: Record<string, unknown> = {
      message_id: ++this.#messageId,
      date: now(),
      chat: chatFor(payload.chat_id),
      from: {
        id: this.botInfo.id,
        is_bot: true,
        first_name: this.botInfo.first_name,
        username: this.botInfo.username,
      },
    };
    for (const [key, value] of Object.entries(content)) {
      if (value !== undefined) message[key] = value;
    }
    if (payload.reply_markup !== undefined) message.reply_markup = payload.reply_markup;
    if (payload.message_thread_id !== undefined) {
      message.message_thread_id = Number(payload.message_thread_id);
      message.is_topic_message = true;
    }
    return message;
  }

  /** A file object for an upload (multipart), an `attach://` name, or a file_id string. */
  #fileFor(value: unknown, call: RecordedCall, field: string) {
    const n = ++this.#fileSeq;
    const upload =
      call.files.find((f) => f.field === field) ??
      (typeof value === "string" && value.startsWith("attach://")
        ? call.files.find((f) => f.field === value.slice("attach://".length))
        : undefined);
    if (upload) {
      // Telegram refuses an empty upload, and will every time it is sent again.
      if (upload.size === 0)
        throw { error_code: 400, description: "Bad Request: file must be non-empty" };
      return {
        file_id: `uploaded-${n}`,
        file_unique_id: `uploaded-unique-${n}`,
        file_name: upload.fileName,
        file_size: upload.size,
        mime_type: upload.contentType,
      };
    }
    return { file_id: String(value), file_unique_id: `unique-${n}` };
  }
}

// --- helpers ---------------------------------------------------------------------------------

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** The chat Telegram would report for a chat_id: positive → private, negative → supergroup. */
function chatFor(chatId: unknown): Record<string, unknown> {
  const id = Number(chatId);
  if (Number.isFinite(id) && id > 0) return { id, type: "private", first_name: "User" };
  if (Number.isFinite(id) && id < 0) return { id, type: "supergroup", title: "Group" };
  return { id: -1000000000001, type: "channel", title: String(chatId) };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Keyboards with an empty row that any fake of this test file received, not yet taken. */
const emptyKeyboardRows: string[] = [];

/** The keyboards with an empty row received since the last call (method and markup each). */
export function takeEmptyKeyboardRows(): string[] {
  return emptyKeyboardRows.splice(0);
}

function hasEmptyRow(markup: unknown): boolean {
  if (markup === null || typeof markup !== "object") return false;
  const { inline_keyboard: inline, keyboard } = markup as Record<string, unknown>;
  return [inline, keyboard].some(
    (rows) => Array.isArray(rows) && rows.some((row) => !Array.isArray(row) || row.length === 0),
  );
}
