/** /start and /help tell a seller how buyer chats work: they have no command of their own. */
import { afterEach, describe, expect, it } from "vitest";
import { command, group, person } from "../../support/updates.ts";
import { type Harness, startBot, textOf } from "../harness.ts";

let h: Harness;
afterEach(() => h?.close());

const HINT = "To answer a buyer, reply to their message";

async function answer(update: Parameters<Harness["send"]>[0]): Promise<string> {
  const since = h.fake.calls.length;
  await h.send(update);
  return textOf(await h.fake.waitForCall("sendMessage", () => true, 2_000, { since }));
}

describe("welcome", () => {
  it("a seller (and an admin) in private hears how to answer buyers; warehouse staff do not", async () => {
    h = await startBot({ adminIds: [1] });
    const seller = person(2, { language_code: "en" });
    const keeper = person(3, { language_code: "en" });
    await h.access.grant(seller.id, "seller", 1);
    await h.access.grant(keeper.id, "warehouse", 1);

    expect(await answer(command("start", { from: seller }))).toContain(HINT);
    expect(await answer(command("help", { from: seller }))).toContain(HINT);
    expect(await answer(command("help", { from: person(1, { language_code: "en" }) }))).toContain(
      HINT,
    );
    expect(await answer(command("start", { from: keeper }))).not.toContain(HINT);
    // In a group replies go where the relay sends them; the private hint would mislead.
    expect(await answer(command("help", { from: seller, chat: group(-100950) }))).not.toContain(
      HINT,
    );
  });
});
