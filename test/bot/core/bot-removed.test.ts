/**
 * The bot as main.ts builds it (every module over the built-in sandbox): one my_chat_member
 * update that removes the bot from a group drops both the group's posting alerts and its place
 * as the relay group, each module seeing the update.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createModules } from "../../../src/bot/modules.ts";
import { loadConfig } from "../../../src/config.ts";
import { type Container, createContainer } from "../../../src/container.ts";
import { RelayGroupSetting } from "../../../src/services/chats/relay/audience.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { command, group, myChatMember, person } from "../../support/updates.ts";
import { captureLogger } from "../harness.ts";

const ADMIN = person(4401, { language_code: "en" });
const team = group(-100880, { title: "Team" });

let fake: FakeBotApi | undefined;
let container: Container | undefined;
afterEach(async () => {
  await container?.close();
  await fake?.close();
  container = undefined;
  fake = undefined;
});

describe("the bot removed from a group", () => {
  it("drops the group's alerts and relay setting at once, logging each", async () => {
    fake = await FakeBotApi.start();
    const config = loadConfig({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_IDS: String(ADMIN.id),
      STORE: "memory",
      DEFAULT_LOCALE: "en",
    });
    const { logger, logs } = captureLogger();
    container = await createContainer(config, logger);
    const { store, access } = container;
    const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
    const codec = createCallbackCodec(config.botToken);
    const modules = createModules({ container, i18n, codec });
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      modules,
      botInfo: fake.botInfo,
    });

    await bot.handleUpdate(command("subscribe", { from: ADMIN, chat: team }));
    await bot.handleUpdate(command("relay_here", { from: ADMIN, chat: team }));
    const subscriptions = new SubscriptionService(store);
    expect(await subscriptions.get(team.id)).toBeDefined();
    expect((await new RelayGroupSetting(store).list())[0]?.chatId).toBe(team.id);

    const since = fake.calls.length;
    await bot.handleUpdate(myChatMember(team, ADMIN, "left"));
    expect(await subscriptions.get(team.id)).toBeUndefined();
    expect((await new RelayGroupSetting(store).list())[0]).toBeUndefined();
    expect(fake.calls.slice(since)).toEqual([]); // nobody to tell in a group the bot left
    const dropped = logs.filter((l) => l.msg.startsWith("The bot was removed or blocked"));
    expect(dropped.map((l) => [l.msg, l.telegramChatId])).toEqual([
      ["The bot was removed or blocked: dropped the chat's setting as the relay group", team.id],
      [
        "The bot was removed or blocked: dropped the chat's subscription to posting alerts",
        team.id,
      ],
    ]);
  });
});
