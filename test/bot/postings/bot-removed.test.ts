/**
 * Telegram says at once (my_chat_member) when the bot is removed from a group or blocked in a
 * private chat: that chat's alerts stop then, not at the next failed send, and adding the bot
 * back (or unblocking it) subscribes nothing by itself.
 */
import type { Chat, User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { command, group, myChatMember, privateChat } from "../../support/updates.ts";
import { textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const team = group(-100777, { title: "Warehouse" });
const SUBSCRIBED = "This chat now gets an alert";

async function subscribe(from: User, chat: Chat = privateChat(from)) {
  const calls = await exchange(h, command("subscribe", { from, chat }));
  expect(textOf(lastScreen(calls))).toContain(SUBSCRIBED);
}

/** A new posting and a watcher pass; the chats that got an alert about it. */
async function alertedChats(): Promise<number[]> {
  const posting = h.sandbox.control.addPosting();
  const since = h.fake.calls.length;
  await h.watcher.runOnce();
  return [ADMIN.id, KEEPER.id, PACKER.id, team.id].filter((chatId) =>
    messagesTo(h, chatId, since).some((c) => textOf(c).includes(posting.postingNumber)),
  );
}

describe("the bot removed from a chat", () => {
  it("a group the bot was removed from gets no alert, nor after the bot is added back", async () => {
    h = await startPostings();
    await subscribe(ADMIN, team);
    await subscribe(KEEPER);
    await h.watcher.runOnce();
    expect(await alertedChats()).toEqual([KEEPER.id, team.id]);

    expect(await exchange(h, myChatMember(team, ADMIN, "left"))).toEqual([]);
    expect(await h.module.subscriptions.get(team.id)).toBeUndefined();
    expect(await alertedChats()).toEqual([KEEPER.id]);

    await h.send(myChatMember(team, ADMIN, "member"));
    expect(await alertedChats()).toEqual([KEEPER.id]);
    // Alerts come back only when an admin asks for them.
    await subscribe(ADMIN, team);
    expect(await alertedChats()).toEqual([KEEPER.id, team.id]);
  });

  it("a person who blocks the bot gets no alert, nor after unblocking it; others still do", async () => {
    h = await startPostings();
    await subscribe(KEEPER);
    await subscribe(PACKER);
    await h.watcher.runOnce();

    await h.send(myChatMember(privateChat(PACKER), PACKER, "kicked"));
    expect(await h.module.subscriptions.get(PACKER.id)).toBeUndefined();
    expect(await alertedChats()).toEqual([KEEPER.id]);
    await h.send(myChatMember(privateChat(PACKER), PACKER, "member", "kicked"));
    expect(await alertedChats()).toEqual([KEEPER.id]);
  });

  it("a change that leaves the bot in the group (made an admin) keeps the alerts", async () => {
    h = await startPostings();
    await subscribe(ADMIN, team);
    await h.watcher.runOnce();
    await h.send(myChatMember(team, ADMIN, "administrator", "member"));
    expect(await alertedChats()).toEqual([team.id]);
  });
});
