/**
 * One buyer message can make several Telegram messages (text, then each file). When Telegram
 * refuses a later one, the whole message is tried again on the next pass: what already arrived
 * must not arrive twice.
 */
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { TelegramRelayNotifier } from "../../../../src/bot/chats/relay/notifier.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../../src/bot/core/i18n.ts";
import { AccessService } from "../../../../src/services/access/index.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import type { ChatMessage, RelayAttachment } from "../../../../src/services/chats/relay/types.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { FakeBotApi } from "../../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../../support/sender.ts";
import { captureLogger } from "../../harness.ts";
import { bytesOf } from "../support.ts";

let fake: FakeBotApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const SELLER_ID = 9301;

const message: ChatMessage = {
  id: "3000000000817031942",
  createdAt: "2026-11-20T10:00:00Z",
  author: { id: "115568", kind: "buyer" },
  text: "Вот чек и фото коробки",
  attachments: [],
  context: { orderNumber: "12345678-0001" },
};

describe("a buyer message of several parts", () => {
  it("after a refused file, the retry sends only what did not arrive", async () => {
    fake = await FakeBotApi.start();
    const store = new MemoryStore();
    const { logger } = captureLogger();
    const access = new AccessService({ store, adminIds: [] });
    await access.grant(SELLER_ID, "seller");
    const notifier = new TelegramRelayNotifier({
      api: new Api(fake.token, { apiRoot: fake.apiRoot }),
      repositories: createRelayRepositories(store),
      access,
      i18n: createI18n({ defaultLocale: "ru", logger }),
      defaultLocale: "ru",
      sender: unlimitedSender(),
      codec: createCallbackCodec(fake.token),
    });
    const attachments: RelayAttachment[] = [
      { kind: "file", name: "чек.pdf", bytes: bytesOf(300) },
      { kind: "file", name: "коробка.pdf", bytes: bytesOf(400, 3) },
    ];
    const chat = { ozonChatId: "b646d975-0c9c-4872-9f41-8b1e57181a5c", context: message.context };

    fake.respond("sendDocument", (payload, call) => {
      // The first document goes; the second is refused the first time only.
      const name = call.files[0]?.fileName ?? "";
      const tries = fake?.callsTo("sendDocument").filter((c) => c.files[0]?.fileName === name);
      if (name === "коробка.pdf" && tries?.length === 1) {
        throw { error_code: 400, description: "Bad Request: upload failed" };
      }
      return {
        message_id: 5000 + (fake?.calls.length ?? 0),
        date: 0,
        chat: { id: Number(payload.chat_id), type: "private", first_name: "S" },
        document: { file_id: "d", file_unique_id: "d" },
      };
    });
    await expect(notifier.relayBuyerMessage(chat, message, attachments)).rejects.toThrow(
      /upload failed/,
    );
    const refs = await notifier.relayBuyerMessage(chat, message, attachments);

    const texts = fake.textsTo(SELLER_ID);
    expect(texts.filter((t) => t.includes("Вот чек"))).toHaveLength(1);
    const accepted = fake
      .callsTo("sendDocument")
      .filter((c) => c.response?.ok)
      .map((c) => c.files[0]?.fileName);
    expect(accepted).toEqual(["чек.pdf", "коробка.pdf"]);
    // Replies to any part, from either try, reach the buyer.
    expect(refs).toHaveLength(3);
  });
});
