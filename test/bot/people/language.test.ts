/** Languages: Telegram's language is the first guess; /language is remembered in the store. */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/store/memory.ts";
import { command, group, person } from "../../support/updates.ts";
import { type Harness, press, startBot, textOf } from "../harness.ts";

let h: Harness;
afterEach(() => h?.close());

async function reply(update: Parameters<Harness["send"]>[0]) {
  const since = h.fake.calls.length;
  await h.send(update);
  return textOf(await h.fake.waitForCall("sendMessage", () => true, 2_000, { since }));
}

describe("languages", () => {
  it("a new person is answered in their Telegram language; others get the default (ru)", async () => {
    h = await startBot({ adminIds: [1, 2, 3] });
    expect(await reply(command("help", { from: person(1, { language_code: "en-GB" }) }))).toContain(
      "Commands you may use",
    );
    expect(await reply(command("help", { from: person(2, { language_code: "ru" }) }))).toContain(
      "Доступные команды",
    );
    expect(await reply(command("help", { from: person(3, { language_code: "de" }) }))).toContain(
      "Доступные команды",
    );
  });

  it("DEFAULT_LOCALE=en is the fallback for languages the bot does not speak", async () => {
    h = await startBot({ adminIds: [3], defaultLocale: "en" });
    expect(await reply(command("help", { from: person(3, { language_code: "de" }) }))).toContain(
      "Commands you may use",
    );
  });

  it("/language switches, and the choice is remembered across updates and restarts", async () => {
    const store = new MemoryStore();
    h = await startBot({ adminIds: [7], store, closeStore: true });
    const anna = person(7, { first_name: "Anna", language_code: "ru" });
    const since = h.fake.calls.length;
    await h.send(command("language", { from: anna }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    expect(textOf(menu)).toContain("Выберите язык");
    await h.send(press(menu, "English", anna));
    const edited = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
    expect(textOf(edited)).toBe("Language: English");

    // Telegram still says "ru", the bot keeps English.
    expect(await reply(command("help", { from: anna }))).toContain("Commands you may use");
    h.restart();
    expect(await reply(command("help", { from: anna }))).toContain("Commands you may use");
    // And back.
    const since2 = h.fake.calls.length;
    await h.send(command("language", { from: anna }));
    const menu2 = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since: since2 });
    await h.send(press(menu2, "Русский", anna));
    expect(await reply(command("help", { from: anna }))).toContain("Доступные команды");
  });

  it("a stranger may switch language, and the refusal comes in it", async () => {
    h = await startBot();
    const stranger = person(9, { language_code: "ru" });
    expect(await reply(command("start", { from: stranger }))).toContain("Ваш Telegram id: 9");
    const since = h.fake.calls.length;
    await h.send(command("language", { from: stranger }));
    const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
    await h.send(press(menu, "English", stranger));
    expect(await reply(command("start", { from: stranger }))).toContain("Your Telegram id: 9");
    // Still a stranger: choosing a language grants nothing.
    expect(await h.access.find(9)).toBeUndefined();
  });

  it("in a group each person is answered in their own language", async () => {
    h = await startBot({ adminIds: [11, 12] });
    const team = group(-100300);
    const en = person(11, { language_code: "en" });
    const ru = person(12, { language_code: "ru" });
    expect(await reply(command("help", { from: en, chat: team }))).toContain(
      "Commands you may use",
    );
    expect(await reply(command("help", { from: ru, chat: team }))).toContain("Доступные команды");
  });
});
