/**
 * A key pasted in a group: deleted at once if the bot can, the sender warned, nothing stored and
 * nothing relayed; when the bot cannot delete it, the warning says to delete it. During an add
 * dialog, a one-word message of the person in a group counts as a key too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, group, text } from "../../support/updates.ts";
import { press } from "../harness.ts";
import { ADMIN, KEEPER, lastScreen, type StoresWorld, startStores } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const API_KEY = "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c";
const SECRET = "Zk8sPq2LmN4vX7yR1tW9bC3dF6gH0jK5aB2cD4eF6gH8";
const CHAT = group(-100555, { title: "Warehouse" });

describe("a key pasted in a group", () => {
  for (const [what, key] of [
    ["an Api-Key (a UUID)", `our key: ${API_KEY}`],
    ["a Performance secret", SECRET],
  ] as const) {
    it(`deletes ${what} at once, warns the sender and keeps nothing`, async () => {
      const w = await startStores();
      world = w;
      await w.container.access.grant(KEEPER.id, "warehouse", ADMIN.id);
      const update = text(key, { from: KEEPER, chat: CHAT });
      const calls = await w.exchange(update);
      expect(calls.map((c) => c.method)).toEqual(["deleteMessage", "sendMessage"]);
      expect(calls[0]?.payload).toMatchObject({
        chat_id: CHAT.id,
        message_id: update.message?.message_id,
      });
      expect(String(calls[1]?.payload.text)).toContain("Kim, I deleted your message");
      const everything = await w.everything();
      expect(everything).not.toContain(key.split(" ").at(-1));
    });
  }

  it("asks the sender to delete it when the bot cannot", async () => {
    const w = await startStores();
    world = w;
    w.fake.failNext("deleteMessage", {
      error_code: 400,
      description: "Bad Request: message can't be deleted",
    });
    const calls = await w.exchange(text(API_KEY, { from: KEEPER, chat: CHAT }));
    const warning = calls.find((c) => c.method === "sendMessage");
    expect(String(warning?.payload.text)).toContain(
      "I could not delete it here: please delete it now",
    );
    expect(await w.everything()).not.toContain(API_KEY);
  });

  it("leaves ordinary group messages alone", async () => {
    const w = await startStores();
    world = w;
    const calls = await w.exchange(
      text("posting 12345678-0001-1 is packed", { from: KEEPER, chat: CHAT }),
    );
    expect(calls.filter((c) => c.method === "deleteMessage")).toEqual([]);
  });

  it("takes a one-word message of someone adding a store as a key", async () => {
    const w = await startStores();
    world = w;
    const list = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    await w.exchange(press(list, "Add a store", ADMIN));
    await w.exchange(text("Южный", { from: ADMIN }));
    await w.exchange(text("sandbox-client-2", { from: ADMIN }));
    // The Api-Key is asked for; it goes to the group by mistake.
    const calls = await w.exchange(text("sandbox-api-key-2", { from: ADMIN, chat: CHAT }));
    expect(calls.map((c) => c.method)).toEqual(["deleteMessage", "sendMessage"]);
    expect(await w.everything()).not.toContain("sandbox-api-key-2");
    // A message with spaces in the group is not taken for one.
    const chat = await w.exchange(text("let us go", { from: ADMIN, chat: CHAT }));
    expect(chat.filter((c) => c.method === "deleteMessage")).toEqual([]);
  });

  it("in a private chat outside the add dialog, messages are not touched", async () => {
    const w = await startStores();
    world = w;
    const calls = await w.exchange(text("hello", { from: ADMIN }));
    expect(calls.filter((c) => c.method === "deleteMessage")).toEqual([]);
  });
});

describe("a key in the add dialog that cannot be deleted", () => {
  it("is still taken, and the person is asked to delete it", async () => {
    const w = await startStores();
    world = w;
    const list = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    await w.exchange(press(list, "Add a store", ADMIN));
    await w.exchange(text("Южный", { from: ADMIN }));
    await w.exchange(text("sandbox-client-2", { from: ADMIN }));
    w.fake.failNext("deleteMessage", {
      error_code: 400,
      description: "Bad Request: message can't be deleted",
    });
    const calls = await w.exchange(text("sandbox-api-key-2", { from: ADMIN }));
    const texts = calls
      .filter((c) => c.method === "sendMessage")
      .map((c) => String(c.payload.text));
    expect(texts[0]).toContain("I could not delete your message with the key");
    expect(texts.at(-1)).toContain("Performance API client id");
    expect(await w.everything()).not.toContain("sandbox-api-key-2");
  });
});
