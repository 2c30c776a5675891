/**
 * The buttons of buyer chats, questions and reviews (chats/buttons.ts) read their arguments
 * through their declarations: a signed press whose arguments do not fit (a chat id left out, a
 * shop ref no shop can have, a posting number "x", a revision that is no number) is told the
 * button no longer works, and neither Ozon nor anyone in Telegram hears of it. A press that
 * fits but names a shop that is gone keeps its own answer.
 */
import { afterEach, describe, expect, it } from "vitest";
import { declaredButtons } from "../../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { callback } from "../../../support/updates.ts";
import { ADMIN, openBuyerChats, type RelayEnv, SELLER, startQuestionsEnv } from "../support.ts";

const NO_LONGER_WORKS = "This button no longer works. Open the menu again: /start";
const SHOP_GONE = "Not sent: this buyer's store is no longer connected to the bot.";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function started() {
  const { e } = await startQuestionsEnv();
  env = e;
  const chat = openBuyerChats(e.sandbox)[0];
  const ref = e.shops.all()[0]?.ref;
  if (!chat || !ref) throw new Error("no buyer chat or shop");
  return { e, chatId: chat.id, ref, codec: createCallbackCodec(e.fake.token) };
}

/** Presses each (kind, args) as `who`; what the bot told Telegram and asked Ozon meanwhile. */
async function pressAll(
  e: RelayEnv,
  data: string[],
  who: typeof SELLER,
): Promise<{ answers: unknown[]; others: string[]; ozon: string[] }> {
  const calls = e.fake.calls.length;
  const requests = e.sandbox.requests.length;
  for (const one of data) await e.send(callback(one, { from: who }));
  const made = e.fake.calls.slice(calls);
  return {
    answers: made.filter((c) => c.method === "answerCallbackQuery").map((c) => c.payload),
    others: made.filter((c) => c.method !== "answerCallbackQuery").map((c) => c.method),
    ozon: e.sandbox.requests.slice(requests).map((r) => r.path),
  };
}

const refused = { callback_query_id: expect.any(String), text: NO_LONGER_WORKS, show_alert: true };

describe("chats' buttons whose arguments do not fit", () => {
  it("are refused with 'no longer works', asking Ozon nothing and sending nothing", async () => {
    const { e, chatId, ref, codec } = await started();
    const sellers = [
      codec.encode("br", "", ref), // no chat id
      codec.encode("ct", chatId, "ZZ"), // a shop ref no shop can have
      codec.encode("cu", chatId), // no shop ref where there always is one
      codec.encode("cr", chatId, ref, "more"), // an argument too many
      codec.encode("cq", "x", ref), // a posting number "x"
      codec.encode("cl", "0", "z"), // a list mode that does not exist
      codec.encode("cv", chatId, ref, "-1", "w"), // a page below the first
      codec.encode("cf", "", ref),
      codec.encode("qt", chatId, ref, "x"), // "in place" is "e" or nothing
      codec.encode("qp", chatId, ref, "Z_"), // a saved answer's id is base 36
      codec.encode("qs", chatId, ref, "1", "one"), // a revision that is no number
      codec.encode("uqa", "", ref),
      codec.encode("ura", chatId, "ZZ"),
      codec.encode("uqd", chatId),
      codec.encode("uql", chatId, "ZZ"),
      codec.encode("urs", chatId, ref, "1"),
      codec.encode("rq", "q", ref), // /replies knows l, a, e, d, x
      codec.encode("nss", "short"), // a kept answer's id is 12 characters
      codec.encode("nsa"),
    ];
    const pressed = await pressAll(e, sellers, SELLER);
    expect(pressed.answers).toEqual(sellers.map(() => refused));
    expect(pressed.others).toEqual([]);
    expect(pressed.ozon).toEqual([]);

    const admins = [codec.encode("rh", "everything"), codec.encode("uqon", "ZZ")];
    const byAdmin = await pressAll(e, admins, ADMIN);
    expect(byAdmin.answers).toEqual(admins.map(() => refused));
    expect(byAdmin.others).toEqual([]);
  });

  it("every button of the folder goes through its declaration: a press without arguments is refused", async () => {
    const { e, codec } = await started();
    // The registry's buttons of buyer chats, questions and reviews (the dialog's own are not there).
    const kinds = [...declaredButtons()]
      .filter(([, name]) => /^(chats|questions|reviews): /.test(name))
      .map(([kind]) => kind);
    expect(kinds.toSorted()).toEqual(
      ["br", "ct", "cu", "cr", "cq", "cl", "cv", "cf", "qt", "qp", "qs", "uql", "uqp", "uqs"]
        .concat(["url", "urp", "urs", "uqa", "ura", "uqd", "uqon", "rq", "rh", "nsa", "nss", "nsd"])
        .toSorted(),
    );
    const pressed = await pressAll(
      e,
      kinds.map((kind) => codec.encode(kind)),
      ADMIN,
    );
    expect(pressed.answers).toEqual(kinds.map(() => refused));
    expect(pressed.others).toEqual([]);
    expect(pressed.ozon).toEqual([]);
  });

  it("a press that fits but names a shop that is gone keeps its own answer", async () => {
    const { e, chatId, codec } = await started();
    const pressed = await pressAll(e, [codec.encode("ct", chatId, "zz")], SELLER);
    expect(pressed.answers).toEqual([{ ...refused, text: SHOP_GONE }]);
    expect(pressed.ozon).toEqual([]);
  });
});
