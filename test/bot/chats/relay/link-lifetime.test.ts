// A message link lives as long as the relay module was told, whichever part of the relay wrote
// it: the poller (a relayed buyer message), the reply handler (the seller's own answer) and
// "Write to buyer" (its prompt). Past that, a reply to the seller's answer or to the prompt
// reaches no buyer; a relayed copy still names its buyer in its own signed buttons.
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { callback, text } from "../../../support/updates.ts";
import {
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

const LINK_TTL_MS = 60_000;

let env: RelayEnv | undefined;
let store: MemoryStore | undefined;
afterEach(async () => {
  await env?.close();
  await store?.close();
  env = undefined;
  store = undefined;
});

describe("message links", () => {
  it("expire after the module's linkTtlMs, whichever part of the relay remembered them", async () => {
    let now = Date.now();
    store = new MemoryStore({ now: () => now });
    const e = await startRelayEnv({ store, repositories: { linkTtlMs: LINK_TTL_MS } });
    env = e;
    await e.module.runOnce();

    // The poller links the buyer's message; the reply handler links the seller's answer.
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Где мой заказ?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    const relayed = resultOf(sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall);
    const answer = text("Отправили вчера", { from: SELLER, replyTo: relayed });
    await e.send(answer);
    const toBuyer = () => sellerMessages(e.sandbox, chat.id, asked.id).map((m) => m.text);
    expect(toBuyer()).toEqual(["Отправили вчера"]);

    // "Write to buyer" links its prompt.
    const withChat = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
    const posting = e.sandbox.control.postings().find((p) => !withChat.has(p.postingNumber));
    if (!posting) throw new Error("no posting without a chat");
    const data = createCallbackCodec(e.fake.token).encode("wb", posting.postingNumber);
    await e.send(callback(data, { from: SELLER }));
    const prompt = resultOf(e.fake.callsTo("sendMessage").at(-1) as RecordedCall);
    const opened = e.sandbox.control.chats().find((c) => c.postingNumber === posting.postingNumber);
    if (!opened) throw new Error("Write to buyer opened no chat");

    now += LINK_TTL_MS + 1;
    await e.send(text("И ещё", { from: SELLER, replyTo: answer.message as never }));
    await e.send(text("Добрый день!", { from: SELLER, replyTo: prompt }));
    expect(toBuyer()).toEqual(["Отправили вчера"]);
    expect(sellerMessages(e.sandbox, opened.id)).toEqual([]);
    expect(e.fake.textsTo(SELLER.id).at(-1)).toContain("Not sent");
    await e.send(text("Ещё одно", { from: SELLER, replyTo: relayed }));
    expect(toBuyer()).toEqual(["Отправили вчера", "Ещё одно"]);
  });
});
