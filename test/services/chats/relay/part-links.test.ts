// Each Telegram copy of a buyer message is linked to its buyer the moment Telegram accepted it,
// before the next part is sent, while the cursor still moves only once the whole message went:
// a message that failed halfway comes again (and its first part is answerable meanwhile). A link
// the store would not take then does not fail the message; it is written once more at its end.
// The real sandbox over HTTP, the real Seller client, a memory store.
import { afterEach, describe, expect, it } from "vitest";
import { ChatRelay } from "../../../../src/services/chats/relay/chat-relay.ts";
import { MessageLinks } from "../../../../src/services/chats/relay/links.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import type {
  AcceptedCallback,
  ChatMessage,
  RelayNotifier,
  TelegramMessageRef,
} from "../../../../src/services/chats/relay/types.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { faultyStore } from "../../../support/faulty-store.ts";
import { openBuyerChats, type SellerSandbox, sellerSandbox, TELEGRAM_GROUP } from "../support.ts";

let env: SellerSandbox | undefined;
let store: MemoryStore | undefined;
afterEach(async () => {
  await env?.close();
  await store?.close();
  env = undefined;
  store = undefined;
});

/** Two Telegram messages per buyer message; `refuseSecond` makes Telegram refuse a second part. */
class TwoPartNotifier implements RelayNotifier {
  readonly tries: string[] = [];
  /** For each second part sent: whether the first part was answerable at that moment. */
  readonly firstLinkedBeforeSecond: boolean[] = [];
  refuseSecond = false;
  #nextId = 1;

  readonly links: MessageLinks;

  constructor(links: MessageLinks) {
    this.links = links;
  }

  async relayBuyerMessage(
    _chat: unknown,
    message: ChatMessage,
    _attachments: unknown,
    accepted?: AcceptedCallback,
  ): Promise<TelegramMessageRef[]> {
    this.tries.push(message.id);
    const first = { chatId: TELEGRAM_GROUP, messageId: this.#nextId++ };
    await accepted?.([first]);
    const linked = await this.links.resolve(first.chatId, first.messageId);
    this.firstLinkedBeforeSecond.push(linked?.ozonMessageId === message.id);
    if (this.refuseSecond) throw new Error("Telegram refused the second part");
    const second = { chatId: TELEGRAM_GROUP, messageId: this.#nextId++ };
    await accepted?.([second]);
    return [first, second];
  }
}

async function setup(relayStore: Store, memory: MemoryStore) {
  env = await sellerSandbox({ initialChats: 3 });
  const notifier = new TwoPartNotifier(new MessageLinks(memory));
  const relay = new ChatRelay({
    chats: env.seller.chats,
    repositories: createRelayRepositories(relayStore),
    notifier,
  });
  await relay.runOnce();
  const chat = openBuyerChats(env.sandbox)[0];
  if (!chat) throw new Error("no chat");
  return { env, notifier, relay, chat };
}

describe("ChatRelay: a copy's link", () => {
  it("is written as soon as Telegram accepted it; a message that failed halfway comes again", async () => {
    store = new MemoryStore();
    const { env, notifier, relay, chat } = await setup(store, store);
    const written = env.sandbox.control.buyerWrites(chat.id, { text: "Где заказ?" });
    notifier.refuseSecond = true;
    const failed = await relay.runOnce();
    expect(failed).toMatchObject({ relayed: 0 });
    expect(failed.failures).toEqual([expect.objectContaining({ messageId: written.id })]);
    // The first part was answerable before the second was even tried.
    expect(notifier.firstLinkedBeforeSecond).toEqual([true]);

    notifier.refuseSecond = false;
    expect(await relay.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(await relay.runOnce()).toMatchObject({ relayed: 0 });
    expect(notifier.tries).toEqual([written.id, written.id]);
    const links = new MessageLinks(store);
    for (const messageId of [1, 2, 3]) {
      expect(await links.resolve(TELEGRAM_GROUP, messageId)).toMatchObject({
        ozonChatId: chat.id,
        ozonMessageId: written.id,
      });
    }
  });

  it("the store would not take does not fail the message; it is written at the message's end", async () => {
    store = new MemoryStore();
    let refuse = 1;
    const flaky = faultyStore(store, (operation, [key]) => {
      if (operation !== "set" || !key?.startsWith("relay:link:") || refuse <= 0) return false;
      refuse--;
      return true;
    });
    const { env, notifier, relay, chat } = await setup(flaky, store);
    const written = env.sandbox.control.buyerWrites(chat.id, { text: "Алло" });
    expect(await relay.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(notifier.firstLinkedBeforeSecond).toEqual([false]);
    expect(notifier.tries).toEqual([written.id]);
    expect(await new MessageLinks(store).resolve(TELEGRAM_GROUP, 1)).toMatchObject({
      ozonMessageId: written.id,
    });
  });
});
