/**
 * Who answers, with several sellers: "Take it" shows "✋ Anna is answering" on every seller's
 * copy of the buyer's message (edited) and in /chats, another seller's Take it is refused while
 * it lasts, and two sellers replying at once both reach the buyer and each hears of the other.
 */
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { command, person, text } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { buttonsOf, press, textOf } from "../../harness.ts";
import {
  ADMIN,
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

const BORIS = person(704, { first_name: "Boris", language_code: "en" });

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** Three sellers (Anna is the admin) get a buyer's message; returns each one's copy. */
async function relayedToThree(body: string, config: Record<string, string> = {}) {
  const e = await startRelayEnv({ config });
  env = e;
  await e.access.grant(BORIS.id, "seller", ADMIN.id);
  await e.module.runOnce();
  const chat = openBuyerChats(e.sandbox)[0];
  if (!chat) throw new Error("no open buyer chat");
  const written = e.sandbox.control.buyerWrites(chat.id, { text: body });
  expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
  const copyOf = (who: { id: number }) => sendsTo(e.fake, who.id).at(-1) as RecordedCall;
  return { e, chat, written, copyOf };
}

/** The last keyboard edit of a Telegram message. */
function lastEdit(e: RelayEnv, call: RecordedCall): RecordedCall | undefined {
  const sent = resultOf(call) as { message_id: number; chat: { id: number } };
  return e.fake
    .callsTo("editMessageReplyMarkup")
    .filter(
      (c) =>
        Number(c.payload.chat_id) === sent.chat.id &&
        Number(c.payload.message_id) === sent.message_id,
    )
    .at(-1);
}

describe("Take it", () => {
  it("shows who answers on every seller's copy and in /chats; others cannot take it", async () => {
    const { e, copyOf } = await relayedToThree("Можно поменять адрес?");
    expect(buttonsOf(copyOf(SELLER)).map((b) => b.text)).toEqual([
      "✍️ Answer",
      "📝 Saved answer",
      "✔️ Mark as read",
      "✋ Take it",
      "📦 Open posting",
      "🔗 Order in Ozon",
    ]);

    await e.send(press(copyOf(ADMIN), "Take it", ADMIN));
    expect(String(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text)).toContain(
      "The chat is yours till",
    );
    for (const who of [ADMIN, SELLER, BORIS]) {
      const edit = lastEdit(e, copyOf(who));
      expect(edit, `the copy of ${who.first_name}`).toBeDefined();
      const labels = buttonsOf(edit as RecordedCall).map((b) => b.text);
      // Anna herself reads "You are answering"; the others who answers.
      expect(labels[0]).toMatch(
        who === ADMIN
          ? /^✋ You are answering till \d\d:\d\d$/
          : /^✋ Anna is answering · till \d\d:\d\d$/,
      );
      expect(labels).toContain("✍️ Answer");
      expect(labels).not.toContain("✋ Take it");
    }

    // Boris presses what he sees: Anna keeps it.
    const borisCopy = lastEdit(e, copyOf(BORIS)) as RecordedCall;
    await e.send(press({ ...borisCopy, response: copyOf(BORIS).response }, "Anna", BORIS));
    const refusal = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(refusal?.payload).toMatchObject({ show_alert: true });
    expect(String(refusal?.payload.text)).toContain("Anna is answering already");

    const copies = [ADMIN, SELLER, BORIS].map((who) => copyOf(who));
    await e.send(command("chats", { from: SELLER }));
    const list = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(textOf(list)).toMatch(/Можно поменять адрес\?\n.*✋ Anna/);
    // Anna's own list says it is hers, not her name.
    await e.send(command("chats", { from: ADMIN }));
    const own = textOf(sendsTo(e.fake, ADMIN.id).at(-1) as RecordedCall);
    expect(own).toMatch(/Можно поменять адрес\?\n.*✋ (you are answering|вы отвечаете)/);
    expect(own).not.toContain("✋ Anna");

    // Only Anna has Let go; she lets it go and every copy offers Take it again.
    expect(buttonsOf(borisCopy).map((b) => b.text)).not.toContain("Let go");
    const [annaFirst] = copies as [RecordedCall];
    const annaCopy = lastEdit(e, annaFirst) as RecordedCall;
    await e.send(press({ ...annaCopy, response: annaFirst.response }, "Let go", ADMIN));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toBe(
      "The chat is free again.",
    );
    for (const copy of copies) {
      const labels = buttonsOf(lastEdit(e, copy) as RecordedCall).map((b) => b.text);
      expect(labels).toContain("✋ Take it");
    }
  });

  it("a new buyer message arrives already showing who answers", async () => {
    const { e, chat, copyOf } = await relayedToThree("Здравствуйте");
    await e.send(press(copyOf(SELLER), "Take it", SELLER));
    e.sandbox.control.buyerWrites(chat.id, { text: "Вы тут?" });
    await e.module.runOnce();
    const labels = buttonsOf(copyOf(BORIS)).map((b) => b.text);
    expect(textOf(copyOf(BORIS))).toContain("Вы тут?");
    expect(labels[0]).toMatch(/^✋ Sergey is answering/);
    // Sergey's own copy says it is his, with Let go beside it.
    const his = buttonsOf(copyOf(SELLER)).map((b) => b.text);
    expect(his.slice(0, 2)).toEqual([
      expect.stringMatching(/^✋ You are answering till /),
      "Let go",
    ]);
    // Only the chat's first relayed message offers the posting.
    expect(labels).not.toContain("📦 Open posting");
  });

  it("is kept in the store: another process refuses another seller", async () => {
    const { e, copyOf } = await relayedToThree("Здравствуйте");
    await e.send(press(copyOf(SELLER), "Take it", SELLER));
    await e.restart();
    await e.send(press(copyOf(BORIS), "Take it", BORIS));
    const refusal = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(refusal?.payload).toMatchObject({ show_alert: true });
    expect(String(refusal?.payload.text)).toContain("Sergey is answering already");
  });

  it("lasts CHAT_CLAIM_MINUTES", async () => {
    const { e, copyOf } = await relayedToThree("Здравствуйте", { CHAT_CLAIM_MINUTES: "40" });
    const before = Date.now();
    await e.send(press(copyOf(SELLER), "Take it", SELLER));
    const label = buttonsOf(lastEdit(e, copyOf(BORIS)) as RecordedCall)[0]?.text ?? "";
    const at = (ms: number) =>
      DateTime.fromMillis(ms, { zone: e.config.timezone }).toFormat("HH:mm");
    const ends = [at(before + 40 * 60_000), at(Date.now() + 40 * 60_000)];
    expect(ends.map((end) => `✋ Sergey is answering · till ${end}`)).toContain(label);
  });
});

describe("two sellers replying at once", () => {
  it("both reach the buyer and each hears that the other answered", async () => {
    const { e, chat, written, copyOf } = await relayedToThree("Доставка платная?");
    await Promise.all([
      e.send(text("Нет, бесплатная", { from: SELLER, replyTo: resultOf(copyOf(SELLER)) })),
      e.send(text("Бесплатно", { from: BORIS, replyTo: resultOf(copyOf(BORIS)) })),
    ]);
    const sent = sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text);
    expect(sent.sort()).toEqual(["Бесплатно", "Нет, бесплатная"]);
    const notes = (who: { id: number }) =>
      e.fake.textsTo(who.id).filter((t) => t.includes("answered the buyer"));
    await waitFor(() => notes(ADMIN).length === 2, { timeoutMs: 10_000 });
    expect(notes(SELLER)).toEqual(["↩️ Boris answered the buyer: «Бесплатно»"]);
    expect(notes(BORIS)).toEqual(["↩️ Sergey answered the buyer: «Нет, бесплатная»"]);
    expect(notes(ADMIN).sort()).toEqual([
      "↩️ Boris answered the buyer: «Бесплатно»",
      "↩️ Sergey answered the buyer: «Нет, бесплатная»",
    ]);
    // The chat was marked read at Ozon.
    expect(e.sandbox.control.chat(chat.id)?.unreadCount).toBe(0);
  });
});
