/**
 * "Write to buyer" pressed in a private chat while buyer chats go to a relay group: the prompt
 * is in the group, and the person who pressed is told so instead of seeing nothing happen.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { callback, command, group } from "../../../support/updates.ts";
import { ADMIN, type RelayEnv, SELLER, startRelayEnv } from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("Write to buyer with a relay group", () => {
  it("tells the person in private where the chat was opened", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const team = group(-100883, { title: "Продажи" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const withChat = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
    const posting = e.sandbox.control.postings().find((p) => !withChat.has(p.postingNumber));
    if (!posting) throw new Error("no posting without a chat");
    const data = createCallbackCodec(e.fake.token).encode("wb", posting.postingNumber);

    await e.send(callback(data, { from: SELLER }));
    expect(e.fake.textsTo(team.id).at(-1)).toContain(posting.postingNumber);
    const answer = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(String(answer?.payload.text ?? "")).toContain("Продажи");
  });
});

describe("/relay_here in a forum where the bot may not make topics", () => {
  it("warns at once instead of letting buyer messages wait unseen", async () => {
    const e = await startRelayEnv();
    env = e;
    e.fake.respond("getChatMember", () => ({
      status: "member",
      user: { id: e.fake.botInfo.id, is_bot: true, first_name: "Bot" },
    }));
    const forum = group(-100882, { title: "Форум", forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const said = e.fake.textsTo(forum.id).at(-1) ?? "";
    expect(said).toContain("each buyer chat in its own topic");
    expect(said).toMatch(/administrator.*topics/i);
  });

  it("says nothing more when the bot is an admin that manages topics", async () => {
    const e = await startRelayEnv();
    env = e;
    e.fake.respond("getChatMember", () => ({
      status: "administrator",
      user: { id: e.fake.botInfo.id, is_bot: true, first_name: "Bot" },
      can_manage_topics: true,
    }));
    const forum = group(-100881, { title: "Форум", forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const said = e.fake.textsTo(forum.id).at(-1) ?? "";
    expect(said).toContain("each buyer chat in its own topic");
    expect(said).not.toMatch(/administrator/i);
  });
});
