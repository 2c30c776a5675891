/**
 * The language of someone who just opened an invite: the one Telegram tells at that moment is
 * kept with the role, so what the bot sends them outside any update of theirs (a relayed buyer
 * message) speaks it from the start, not the default language until their next action.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, person } from "../../support/updates.ts";
import { ADMIN, openBuyerChats, type RelayEnv, sendsTo, startRelayEnv } from "../chats/support.ts";
import { textOf } from "../harness.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("an invited person's language", () => {
  it("is kept when the invite is redeemed: relayed buyer messages come in it at once", async () => {
    // The bot's default language is English; the newcomer's Telegram speaks Russian.
    env = await startRelayEnv();
    await env.module.runOnce();
    const { payload } = await env.access.createInvite("seller", ADMIN.id);
    const vika = person(7101, { first_name: "Вика", language_code: "ru" });
    await env.send(command("start", { from: vika, args: payload }));
    // One greeting, in her language: no "Welcome!" and then "Hello, Вика!" again.
    const greeted = sendsTo(env.fake, vika.id).map(textOf).join("\n");
    expect(greeted).toContain("Вика, вы в команде как сотрудник по работе с покупателями.");
    expect(greeted).not.toContain("Здравствуйте");

    const chat = openBuyerChats(env.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    env.sandbox.control.buyerWrites(chat.id, { text: "Где мой заказ?" });
    const since = env.fake.calls.length;
    expect(await env.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    const relayed = sendsTo(env.fake, vika.id).filter((c) => c.seq >= since);
    expect(relayed.map(textOf)).toEqual([expect.stringMatching(/\n\n💬 Покупатель/)]);
    expect((await env.access.lookup(vika.id)).locale).toBe("ru");
  });
});
