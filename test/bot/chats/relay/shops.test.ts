// Buyer chats of two shops (two sandbox stores) through the relay module: messages of both arrive
// named; a reply reaches the chat of the buyer's own shop only; links, buttons and the relay group
// of the single-shop version belong to the first shop (or, for the group, to all); a seller
// limited to one shop neither sees nor answers the other's buyers; one shop failing never delays
// the other.
import type { Message, Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { personKey } from "../../../../src/services/access/roles.ts";
import { RelayGroupSetting } from "../../../../src/services/chats/relay/audience.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { callback, command, group, person, privateChat, text } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { press, textOf } from "../../harness.ts";
import {
  ADMIN,
  openBuyerChats,
  type RelayEnv,
  type RelayEnvOptions,
  resultOf,
  SELLER,
  SHOP_NAMES,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

const [NORTH, SOUTH] = SHOP_NAMES;
const SHOP_A = "sandbox-client";
const SHOP_B = "sandbox-client-2";
/** A seller whose role covers shop A only. */
const SELLER_A = person(704, { first_name: "Alla", language_code: "en" });

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function twoShops(options: RelayEnvOptions = {}) {
  env = await startRelayEnv({ ...options, sandbox: { stores: 2, ...options.sandbox } });
  for (const id of [SHOP_A, SHOP_B]) {
    expect(await env.module.runOnce(id)).toMatchObject({ firstRun: true, relayed: 0 });
  }
  return env;
}

/** A buyer of store `index` (0: shop A, 1: shop B) writes, and that shop's relay passes once. */
async function buyerWrites(e: RelayEnv, index: 0 | 1, body: string, pass = true) {
  const store = e.sandbox.stores[index];
  const chat = store && openBuyerChats(store)[0];
  if (!store || !chat) throw new Error("no open buyer chat");
  const written = store.control.buyerWrites(chat.id, { text: body });
  if (pass) {
    const report = await e.module.runOnce(index === 0 ? SHOP_A : SHOP_B);
    expect(report).toMatchObject({ relayed: 1, failures: [] });
  }
  /** What the seller side wrote into this chat since. */
  const sent = () => sellerMessages(store, chat.id, written.id);
  return { chat, sent };
}

/** The message the bot sent to `chatId` that carries `body`. */
function relayedTo(e: RelayEnv, chatId: number, body: string): RecordedCall | undefined {
  return sendsTo(e.fake, chatId).find((c) => textOf(c).includes(body));
}

function messageOf(call: RecordedCall | undefined): Message {
  if (!call) throw new Error("nothing was relayed");
  return resultOf(call);
}

/** Texts the bot sent in reply to the message of an update. */
function repliesTo(e: RelayEnv, update: Update): string[] {
  const id = update.message?.message_id;
  return e.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload.reply_parameters as { message_id?: number })?.message_id === id)
    .map(textOf);
}

/** A seller whose role an admin limited to some shops (the record as the access area keeps it). */
async function limitedSeller(e: RelayEnv, id: number, shops: string[]) {
  await e.store.set(personKey(id), { id, roles: ["seller"], shops: { seller: shops } });
}

describe("buyer chats of two shops", () => {
  it("messages of both shops arrive named by the shop's current name, with its Reply button", async () => {
    const e = await twoShops();
    await buyerWrites(e, 0, "Где заказ на севере?");
    await buyerWrites(e, 1, "Где заказ на юге?");
    const north = relayedTo(e, SELLER.id, "Где заказ на севере?");
    const south = relayedTo(e, SELLER.id, "Где заказ на юге?");
    expect(textOf(north as RecordedCall)).toMatch(new RegExp(`\\n\\n🏬 ${NORTH}\\n💬 Buyer`));
    expect(textOf(south as RecordedCall)).toMatch(new RegExp(`\\n\\n🏬 ${SOUTH}\\n💬 Buyer`));
    // Each Reply button carries its shop's ref.
    const refB = e.shops.get(SHOP_B)?.ref;
    const data = findReplyData(south);
    expect(data).toMatch(new RegExp(`^br:[^:]+:${refB}~`));

    await e.shops.rename(SHOP_B, "Восток");
    await buyerWrites(e, 1, "А теперь?");
    expect(textOf(relayedTo(e, SELLER.id, "А теперь?") as RecordedCall)).toMatch(/\n\n🏬 Восток\n/);
  });

  it("a reply to shop B's message, and an answer through its Reply button, reach sandbox B's chat only", async () => {
    const e = await twoShops();
    const a = await buyerWrites(e, 0, "Вопрос А");
    const b = await buyerWrites(e, 1, "Вопрос Б");
    const reply = text("Ответ для Б", {
      from: SELLER,
      replyTo: messageOf(relayedTo(e, SELLER.id, "Вопрос Б")),
    });
    await e.send(reply);
    expect(b.sent().map((m) => m.text)).toEqual(["Ответ для Б"]);
    expect(a.sent()).toHaveLength(0);

    await e.send(press(relayedTo(e, SELLER.id, "Вопрос Б") as RecordedCall, /Answer/, SELLER));
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(textOf(prompt)).toContain(`🏬 ${SOUTH}`);
    await e.send(text("Ещё для Б", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(b.sent().map((m) => m.text)).toEqual(["Ответ для Б", "Ещё для Б"]);
    expect(a.sent()).toHaveLength(0);

    // A paused shop is not called: the seller is told why.
    await e.shops.setPaused(SHOP_B, true);
    const paused = text("Пока на паузе", {
      from: SELLER,
      replyTo: messageOf(relayedTo(e, SELLER.id, "Вопрос Б")),
    });
    await e.send(paused);
    expect(repliesTo(e, paused).join("\n")).toContain(`“${SOUTH}” is paused`);
    expect(b.sent()).toHaveLength(2);
  });

  it("links, buttons and the relay group of the single-shop version belong to the first shop", async () => {
    const e = await twoShops();
    const a = await buyerWrites(e, 0, "Старый вопрос");
    const b = await buyerWrites(e, 1, "Вопрос юга");
    // A link as the previous version wrote it: no shop.
    const old: Message = {
      message_id: 990_001,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(SELLER),
      text: "relayed long ago",
    } as Message;
    await e.store.set(`relay:link:${SELLER.id}:${old.message_id}`, { ozonChatId: a.chat.id });
    await e.send(text("Ответ по старой ссылке", { from: SELLER, replyTo: old }));
    expect(a.sent().map((m) => m.text)).toEqual(["Ответ по старой ссылке"]);
    expect(b.sent()).toHaveLength(0);

    // A Reply button of the previous version: the chat id alone.
    const codec = createCallbackCodec(e.config.botToken);
    await e.send(callback(codec.encode("br", a.chat.id), { from: SELLER }));
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(textOf(prompt)).toContain(`🏬 ${NORTH}`);
    await e.send(text("По старой кнопке", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(a.sent().map((m) => m.text)).toEqual(["Ответ по старой ссылке", "По старой кнопке"]);

    // The relay group the previous version kept (no shops) takes every shop.
    const team = group(-100_777, { title: "Команда" });
    await e.store.set("relay:group", {
      chatId: team.id,
      isForum: false,
      setAt: new Date().toISOString(),
    });
    await buyerWrites(e, 0, "Север в группу");
    await buyerWrites(e, 1, "Юг в группу");
    expect(relayedTo(e, team.id, "Север в группу")).toBeDefined();
    expect(relayedTo(e, team.id, "Юг в группу")).toBeDefined();
    expect(relayedTo(e, SELLER.id, "Юг в группу")).toBeUndefined();
  });

  it("a seller limited to shop A never gets B's messages and cannot answer B's buyers", async () => {
    const e = await twoShops();
    await limitedSeller(e, SELLER_A.id, [SHOP_A]);
    await buyerWrites(e, 0, "Для севера");
    const b = await buyerWrites(e, 1, "Для юга");
    expect(relayedTo(e, SELLER_A.id, "Для севера")).toBeDefined();
    expect(relayedTo(e, SELLER_A.id, "Для юга")).toBeUndefined();
    expect(relayedTo(e, SELLER.id, "Для юга")).toBeDefined();

    // In a group every seller sees every shop's messages, but only answers their own shops'.
    const team = group(-100_778, { title: "Команда" });
    await new RelayGroupSetting(e.store).set({ chatId: team.id, isForum: false });
    await buyerWrites(e, 1, "Юг пишет в группу");
    const southInGroup = messageOf(relayedTo(e, team.id, "Юг пишет в группу"));
    const refused = text("Отвечу за юг", { from: SELLER_A, chat: team, replyTo: southInGroup });
    await e.send(refused);
    expect(repliesTo(e, refused).join("\n")).toContain(`does not cover the store “${SOUTH}”`);
    expect(b.sent()).toHaveLength(0);
    await e.send(
      callback(findReplyData(relayedTo(e, team.id, "Юг пишет в группу")), {
        from: SELLER_A,
        message: southInGroup,
      }),
    );
    const alert = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(String(alert?.payload.text)).toContain(SOUTH);
    expect(b.sent()).toHaveLength(0);
  });

  it("/relay_here in a group asks which shops; the group gets only those, the others stay private", async () => {
    const e = await twoShops();
    const team = group(-100_779, { title: "Юг" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const chooser = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(textOf(chooser)).toContain("Which stores'");
    expect(await new RelayGroupSetting(e.store).list()).toEqual([]);

    await e.send(press(chooser, SOUTH, ADMIN));
    const edited = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    expect(textOf(edited)).toContain(`🏬 Coming here: ${SOUTH}`);
    expect((await new RelayGroupSetting(e.store).list())[0]).toMatchObject({
      chatId: team.id,
      shops: [SHOP_B],
    });
    await buyerWrites(e, 0, "Север лично");
    await buyerWrites(e, 1, "Юг в группу");
    expect(textOf(relayedTo(e, team.id, "Юг в группу") as RecordedCall)).toMatch(/\n\n🏬 Южный\n/);
    expect(relayedTo(e, team.id, "Север лично")).toBeUndefined();
    expect(relayedTo(e, SELLER.id, "Север лично")).toBeDefined();
    expect(relayedTo(e, SELLER.id, "Юг в группу")).toBeUndefined();

    // "All stores", then stop.
    await e.send(press(edited, /All stores/, ADMIN));
    expect((await new RelayGroupSetting(e.store).list())[0]?.shops).toBeUndefined();
    const all = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    expect(textOf(all)).toContain("all stores");
    await e.send(press(all, /Stop relaying here/, ADMIN));
    expect(await new RelayGroupSetting(e.store).list()).toEqual([]);
  });

  it("Write to buyer opens the chat at the posting's shop (a button without a shop: the first)", async () => {
    const e = await twoShops();
    const codec = createCallbackCodec(e.config.botToken);
    const refB = e.shops.get(SHOP_B)?.ref ?? "";
    for (const [index, ref] of [
      [1, refB],
      [0, undefined],
    ] as const) {
      const store = e.sandbox.stores[index];
      if (!store) throw new Error("no store");
      const withChat = new Set(store.control.chats().map((c) => c.postingNumber));
      const posting = store.control.postings().find((p) => !withChat.has(p.postingNumber));
      if (!posting) throw new Error("no posting without a chat");
      const data =
        ref === undefined
          ? codec.encode("wb", posting.postingNumber)
          : codec.encode("wb", posting.postingNumber, ref);
      await e.send(callback(data, { from: SELLER }));
      const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
      expect(textOf(prompt)).toContain(`🏬 ${SHOP_NAMES[index]}`);
      await e.send(
        text(`Пишу по ${posting.postingNumber}`, { from: SELLER, replyTo: resultOf(prompt) }),
      );
      const chat = store.control.chats().find((c) => c.postingNumber === posting.postingNumber);
      expect(sellerMessages(store, chat?.id ?? "").map((m) => m.text)).toContain(
        `Пишу по ${posting.postingNumber}`,
      );
    }
  });

  it("shop B answering 500s slowly does not delay shop A's messages", async () => {
    const pollSeconds = 0.3;
    const e = await twoShops({ config: { CHATS_POLL_SECONDS: String(pollSeconds) } });
    e.sandbox.control.setFault("/v*/chat/*", { latencyMs: 800, rate5xx: 1, store: SHOP_B });
    for (const id of [SHOP_A, SHOP_B]) e.module.relayOf(id)?.start();
    // Let B's relay get stuck in its failing pass first.
    await waitFor(() => e.sandbox.requests.some((r) => r.store === SHOP_B));
    await buyerWrites(e, 1, "Юг молчит", false);
    const started = Date.now();
    await buyerWrites(e, 0, "Север быстро", false);
    await waitFor(() => relayedTo(e, SELLER.id, "Север быстро"), { timeoutMs: 5_000 });
    const took = Date.now() - started;
    expect(took).toBeLessThanOrEqual(pollSeconds * 1000 + 1000);
    expect(relayedTo(e, SELLER.id, "Юг молчит")).toBeUndefined();
  });
});

function findReplyData(call: RecordedCall | undefined): string {
  const markup = call?.payload.reply_markup as
    | { inline_keyboard: { callback_data?: string }[][] }
    | undefined;
  const data = markup?.inline_keyboard[0]?.[0]?.callback_data;
  if (!data) throw new Error("no Reply button");
  return data;
}
