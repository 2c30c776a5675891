/**
 * The relay group stops being reachable: Telegram upgraded it to a supergroup (new id), or the
 * bot was removed. Buyer messages must not pile up unseen behind it forever.
 */
import type { Chat } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { ScheduleRepository } from "../../../../src/services/ads/schedules/schedules.ts";
import { RelayGroupSetting } from "../../../../src/services/chats/relay/audience.ts";
import { SubscriptionService } from "../../../../src/services/subscriptions.ts";
import {
  command,
  group,
  groupMigrated,
  messageUpdate,
  myChatMember,
} from "../../../support/updates.ts";
import {
  ADMIN,
  openBuyerChats,
  type RelayEnv,
  SELLER,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function started() {
  env = await startRelayEnv();
  await env.module.runOnce();
  return env;
}

const basicGroup: Chat.GroupChat = { id: -4001, type: "group", title: "Team" };
const upgradedId = -1004001;

describe("relay group no longer reachable", () => {
  it("follows a group upgraded to a supergroup: the message arrives there, the setting moves", async () => {
    const e = await started();
    await e.send(command("relay_here", { from: ADMIN, chat: basicGroup }));
    expect((await new RelayGroupSetting(e.store).list())[0]?.chatId).toBe(basicGroup.id);
    e.fake.failNext("sendMessage", {
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: upgradedId },
    });
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "После переезда" });
    const pass = await e.module.runOnce();
    expect(pass).toMatchObject({ relayed: 1, failures: [] });
    expect(e.fake.textsTo(upgradedId).at(-1)).toContain("После переезда");
    expect((await new RelayGroupSetting(e.store).list())[0]?.chatId).toBe(upgradedId);
  });

  it("a buyer message refused by the old id arrives once in the supergroup, and the group's alerts and schedules follow", async () => {
    const e = await started();
    await e.send(command("relay_here", { from: ADMIN, chat: basicGroup }));
    await new SubscriptionService(e.store).subscribe({
      chatId: basicGroup.id,
      kind: "group",
      subscribedBy: ADMIN.id,
    });
    const schedules = new ScheduleRepository(e.store, { maxPerPerson: 5 });
    const schedule = await schedules.add({
      owner: ADMIN.id,
      chatId: basicGroup.id,
      chatTitle: "Team",
      locale: "en",
      shop: "any",
      campaigns: [{ id: "1" }],
      period: "yesterday",
      groupBy: "DATE",
      format: "csv",
      rule: { every: "day", time: "09:00" },
    });
    e.fake.migrateChat(basicGroup.id, upgradedId);
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "Переехали?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    await e.module.runOnce();
    expect(e.fake.textsTo(upgradedId).filter((t) => t.includes("Переехали?"))).toHaveLength(1);
    expect((await new RelayGroupSetting(e.store).list()).map((g) => g.chatId)).toEqual([
      upgradedId,
    ]);
    expect(await new SubscriptionService(e.store).get(upgradedId)).toMatchObject({ kind: "group" });
    expect(await new SubscriptionService(e.store).get(basicGroup.id)).toBeUndefined();
    expect((await schedules.get(schedule.id))?.chatId).toBe(upgradedId);
  });

  it("a product question refused by the old id arrives once in the supergroup", async () => {
    env = await startRelayEnv({ questions: {} });
    const e = env;
    const questions = e.questions;
    if (!questions) throw new Error("no questions module");
    expect(await questions.runOnce("sandbox-client")).toMatchObject({ firstRun: true });
    await e.send(command("relay_here", { from: ADMIN, chat: basicGroup }));
    e.fake.migrateChat(basicGroup.id, upgradedId);
    const product = e.sandbox.control.products()[0];
    if (!product) throw new Error("no product");
    e.sandbox.control.addQuestion({ sku: product.sku, text: "Есть в синем?", authorName: "Ира" });
    await questions.runOnce("sandbox-client");
    await questions.runOnce("sandbox-client");
    expect(e.fake.textsTo(upgradedId).filter((t) => t.includes("Есть в синем?"))).toHaveLength(1);
    expect((await new RelayGroupSetting(e.store).list()).map((g) => g.chatId)).toEqual([
      upgradedId,
    ]);
  });

  it("follows the migration service message in the relay group", async () => {
    const e = await started();
    await e.send(command("relay_here", { from: ADMIN, chat: basicGroup }));
    await e.send(groupMigrated(basicGroup, ADMIN, upgradedId));
    expect((await new RelayGroupSetting(e.store).list())[0]?.chatId).toBe(upgradedId);
  });

  it("the bot was removed from the relay group: sellers get the message in private", async () => {
    const e = await started();
    const team = group(-100555, { title: "Gone" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    e.fake.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot was kicked from the supergroup chat",
    });
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "Кто-нибудь?" });
    const pass = await e.module.runOnce();
    expect(pass).toMatchObject({ relayed: 1, failures: [] });
    expect(e.fake.textsTo(SELLER.id).at(-1)).toContain("Кто-нибудь?");
    expect(sendsTo(e.fake, ADMIN.id).length).toBeGreaterThan(0);
    expect((await new RelayGroupSetting(e.store).list())[0]).toBeUndefined();
  });
});

describe("the bot removed from the relay group (my_chat_member)", () => {
  it("relays to the sellers in private at once, never trying the group, nor after it is added back", async () => {
    const e = await started();
    const team = group(-100556, { title: "Team" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    // Leaving some other group changes nothing.
    await e.send(myChatMember(group(-100557), ADMIN, "left"));
    expect((await new RelayGroupSetting(e.store).list())[0]?.chatId).toBe(team.id);

    await e.send(myChatMember(team, ADMIN, "kicked"));
    expect((await new RelayGroupSetting(e.store).list())[0]).toBeUndefined();
    await e.send(myChatMember(team, ADMIN, "member", "kicked"));
    const since = e.fake.calls.length;
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "Вы здесь?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(e.fake.textsTo(SELLER.id).at(-1)).toContain("Вы здесь?");
    expect(sendsTo(e.fake, team.id).filter((c) => c.seq >= since)).toEqual([]);
    expect((await new RelayGroupSetting(e.store).list())[0]).toBeUndefined();
  });
});

describe("/relay_here in a group that turned on topics since", () => {
  it("updates the setting to a forum instead of switching the relay off", async () => {
    const e = await started();
    const plain = group(-100666, { title: "Team" });
    await e.send(command("relay_here", { from: ADMIN, chat: plain }));
    expect((await new RelayGroupSetting(e.store).list())[0]).toMatchObject({ isForum: false });
    const forum = group(-100666, { title: "Team", forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    expect((await new RelayGroupSetting(e.store).list())[0]).toMatchObject({
      chatId: -100666,
      isForum: true,
    });
    expect(e.fake.textsTo(-100666).at(-1)).toContain("each buyer chat in its own topic");
  });
});

describe("an anonymous group admin writes to a buyer", () => {
  it("is told to write under their own name instead of being ignored", async () => {
    const e = await started();
    const team = group(-100444, { title: "Team" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "Есть кто?" });
    await e.module.runOnce();
    const relayed = e.fake
      .callsTo("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === team.id)
      .at(-1);
    const anonymous = {
      id: 1087968824,
      is_bot: true,
      first_name: "Group",
      username: "GroupAnonymousBot",
    };
    const before = e.fake.textsTo(team.id).length;
    await e.send(
      messageUpdate({
        message_id: 9100,
        date: Math.floor(Date.now() / 1000),
        chat: team,
        from: anonymous,
        sender_chat: team,
        text: "Да, слушаем",
        reply_to_message: relayed?.response?.ok ? relayed.response.result : undefined,
      } as never),
    );
    const said = e.fake.textsTo(team.id).slice(before);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/anonymous/i);
  });
});
