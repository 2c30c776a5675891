/** The real sandbox over HTTP, a real Seller client, and a notifier that records what it is given. */
import type { SellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import type {
  ChatMessage,
  RelayAttachment,
  RelayChatRef,
  RelayNotifier,
  TelegramMessageRef,
} from "../../../src/services/chats/relay/types.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

export const TELEGRAM_GROUP = -1001234567890;

export interface Delivery {
  chat: RelayChatRef;
  message: ChatMessage;
  attachments: RelayAttachment[];
  telegram: TelegramMessageRef[];
}

/**
 * Acts as the bot: each buyer message becomes one Telegram message per attachment (or one for
 * text), with increasing message ids. `failWhen` makes Telegram refuse a message.
 */
export class RecordingNotifier implements RelayNotifier {
  readonly deliveries: Delivery[] = [];
  readonly refused: ChatMessage[] = [];
  failWhen: ((message: ChatMessage, delivered: number) => boolean) | undefined;
  #nextTelegramId: number;

  constructor(options: { firstTelegramId?: number } = {}) {
    this.#nextTelegramId = options.firstTelegramId ?? 1;
  }

  async relayBuyerMessage(
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
  ): Promise<TelegramMessageRef[]> {
    if (this.failWhen?.(message, this.deliveries.length)) {
      this.refused.push(message);
      throw new Error("Telegram refused the message (429 Too Many Requests)");
    }
    const telegram = Array.from({ length: Math.max(1, attachments.length) }, () => ({
      chatId: TELEGRAM_GROUP,
      messageId: this.#nextTelegramId++,
    }));
    this.deliveries.push({ chat, message, attachments, telegram });
    return telegram;
  }

  idsOf(ozonChatId: string): string[] {
    return this.deliveries.filter((d) => d.chat.ozonChatId === ozonChatId).map((d) => d.message.id);
  }
}

export interface SellerSandbox {
  sandbox: Sandbox;
  seller: SellerClient;
  /** Calls per "METHOD /path", file downloads summed under "GET /v2/chat/file". */
  calls(): Record<string, number>;
  close(): Promise<void>;
}

export async function sellerSandbox(options: SandboxOptions = {}): Promise<SellerSandbox> {
  const sandbox = await startSandbox(options);
  const seller = sandboxSeller(sandbox, {
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  return {
    sandbox,
    seller,
    calls() {
      const summed: Record<string, number> = {};
      for (const [key, count] of Object.entries(sandbox.counters())) {
        const name = key.startsWith("GET /v2/chat/file/") ? "GET /v2/chat/file" : key;
        summed[name] = (summed[name] ?? 0) + count;
      }
      return summed;
    },
    async close() {
      await seller.close();
      await sandbox.close();
    },
  };
}

/** History reads of either form. */
export function historyCalls(calls: Record<string, number>): number {
  return (calls["POST /v1/chat/history"] ?? 0) + (calls["POST /v3/chat/history"] ?? 0);
}

export function listCalls(calls: Record<string, number>): number {
  return (calls["POST /v1/chat/list"] ?? 0) + (calls["POST /v3/chat/list"] ?? 0);
}

/** Open buyer chats of the sandbox, oldest first. */
export function openBuyerChats(sandbox: Sandbox) {
  return sandbox.control.chats().filter((c) => c.kind === "buyer" && c.status === "OPENED");
}

export function bytesOf(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}
