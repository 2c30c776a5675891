/** Telegram's "this chat is gone" answers, as grammY hands them over from the (fake) Bot API. */
import { Bot } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import {
  isChatUnreachable,
  telegramChatGone,
  telegramNoRights,
} from "../../../src/bot/core/telegram-errors.ts";
import { FakeBotApi, type TelegramError } from "../../support/fake-bot-api.ts";

let fake: FakeBotApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The error a sendMessage ends in when Telegram answers `answer`. */
async function refusal(answer: TelegramError): Promise<unknown> {
  fake ??= await FakeBotApi.start();
  const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: { apiRoot: fake.apiRoot } });
  fake.failNext("sendMessage", answer);
  return bot.api.sendMessage(-100123, "hi").then(
    () => {
      throw new Error("sendMessage did not fail");
    },
    (error: unknown) => error,
  );
}

const gone = async (error_code: number, description: string) =>
  isChatUnreachable(await refusal({ error_code, description }));

describe("telegramChatGone", () => {
  it("treats blocked, kicked and deleted chats as gone, and nothing else", async () => {
    expect(await gone(403, "Forbidden: bot was blocked by the user")).toBe(true);
    expect(await gone(403, "Forbidden: bot was kicked from the group chat")).toBe(true);
    expect(await gone(403, "Forbidden: user is deactivated")).toBe(true);
    expect(await gone(400, "Bad Request: chat not found")).toBe(true);
    expect(await gone(429, "Too Many Requests: retry after 5")).toBe(false);
    expect(await gone(400, "Bad Request: message is too long")).toBe(false);
    expect(await gone(502, "Bad Gateway")).toBe(false);
  });

  it("tells blocked from not found", async () => {
    const blocked = await refusal({
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    expect(telegramChatGone(blocked)).toEqual({ kind: "blocked" });
    for (const description of [
      "Bad Request: chat not found",
      "Bad Request: user not found",
      "Bad Request: user is deactivated",
      "Bad Request: PEER_ID_INVALID",
      "Bad Request: group chat was deactivated",
      "Bad Request: chat was deleted",
    ]) {
      const error = await refusal({ error_code: 400, description });
      expect(telegramChatGone(error), description).toEqual({ kind: "not_found" });
    }
  });

  it("gives the new id of a group that became a supergroup, which is not unreachable", async () => {
    const error = await refusal({
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: -1001234567890 },
    });
    expect(telegramChatGone(error)).toEqual({ kind: "migrated", chatId: -1001234567890 });
    expect(isChatUnreachable(error)).toBe(false);
  });

  it("a failure that is not Telegram's answer says nothing about the chat", () => {
    expect(telegramChatGone(new Error("Forbidden: bot was blocked by the user"))).toBeUndefined();
    expect(telegramChatGone({ error_code: 403, description: "Forbidden" })).toBeUndefined();
  });
});

describe("telegramNoRights", () => {
  it("reads Telegram's ways of saying the bot may not post in the chat, and nothing else", async () => {
    for (const [error_code, description] of [
      [403, "Forbidden: not enough rights to send text messages to the chat"],
      [400, "Bad Request: not enough rights to send text messages to the chat"],
      [400, "Bad Request: CHAT_WRITE_FORBIDDEN"],
      [400, "Bad Request: need administrator rights in the channel chat"],
      [400, "Bad Request: have no rights to send a message"],
      [400, "Bad Request: CHAT_RESTRICTED"],
    ] as const) {
      expect(telegramNoRights(await refusal({ error_code, description })), description).toBe(true);
    }
    for (const [error_code, description] of [
      [403, "Forbidden: bot was blocked by the user"],
      [400, "Bad Request: chat not found"],
      [429, "Too Many Requests: retry after 5"],
    ] as const) {
      expect(telegramNoRights(await refusal({ error_code, description })), description).toBe(false);
    }
  });
});
