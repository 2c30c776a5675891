/** The error boundary and Telegram's 429: the person hears about it, the bot goes on. */
import { Composer } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import type { FeatureFactory } from "../../../src/bot/core/module.ts";
import { callback, command, person } from "../../support/updates.ts";
import { type Harness, startBot, textOf } from "../harness.ts";

const ANNA = person(701, { first_name: "Anna", language_code: "en" });
const IVAN = person(702, { first_name: "Ivan", language_code: "ru" });

const throwing: FeatureFactory = ({ codec }) => {
  const composer = new Composer<BotContext>();
  composer.command("boom", () => {
    throw new Error("kaboom");
  });
  composer.command("boombutton", (ctx) =>
    ctx.reply("press", {
      reply_markup: { inline_keyboard: [[{ text: "x", callback_data: codec.encode("boom") }]] },
    }),
  );
  composer.filter(
    (ctx) => ctx.callback?.kind === "boom",
    () => {
      throw new Error("button kaboom");
    },
  );
  return composer;
};

let h: Harness;
afterEach(() => h.close());

describe("error boundary", () => {
  it("logs the failure with the update id, tells the person in their language, goes on", async () => {
    h = await startBot({ adminIds: [ANNA.id, IVAN.id], features: [throwing] });
    const update = command("boom", { from: ANNA });
    await h.send(update); // does not throw
    expect(h.fake.textsTo(ANNA.id)).toEqual([
      "Something went wrong. Please try again a little later.",
    ]);
    const line = h.logs.find((l) => l.msg === "update failed");
    expect(line?.level).toBe(50);
    expect(line?.update_id).toBe(update.update_id);
    expect(JSON.stringify(line?.err)).toContain("kaboom");

    await h.send(command("boom", { from: IVAN }));
    expect(h.fake.textsTo(IVAN.id)).toEqual([
      "Что-то пошло не так. Попробуйте ещё раз чуть позже.",
    ]);

    await h.send(command("help", { from: ANNA }));
    expect(h.fake.textsTo(ANNA.id)[1]).toContain("Commands you may use");
  });

  it("a failing button gets an alert with the same message", async () => {
    h = await startBot({ adminIds: [ANNA.id], features: [throwing] });
    const data = createCallbackCodec(h.fake.token).encode("boom");
    await h.send(callback(data, { from: ANNA }));
    const answer = await h.fake.waitForCall("answerCallbackQuery");
    expect(answer.payload).toMatchObject({
      show_alert: true,
      text: "Something went wrong. Please try again a little later.",
    });
  });

  it("when the store fails, the person is still told and the bot goes on", async () => {
    h = await startBot({ adminIds: [ANNA.id] });
    const get = h.store.get.bind(h.store);
    let broken = true;
    h.store.get = (async (key: string) => {
      if (broken) throw new Error("store unreachable");
      return get(key);
    }) as typeof h.store.get;
    await h.send(command("help", { from: ANNA }));
    expect(h.fake.textsTo(ANNA.id)).toEqual([
      "Something went wrong. Please try again a little later.",
    ]);
    broken = false;
    await h.send(command("help", { from: ANNA }));
    expect(h.fake.textsTo(ANNA.id)[1]).toContain("Commands you may use");
  });
});

describe("Telegram 429", () => {
  it("is waited out (retry_after honoured) and the reply arrives", async () => {
    h = await startBot({ adminIds: [ANNA.id] });
    h.fake.rateLimit("sendMessage", 1);
    const started = Date.now();
    await h.send(command("help", { from: ANNA }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const attempts = h.fake.callsTo("sendMessage");
    expect(attempts.map((c) => c.response?.ok)).toEqual([false, true]);
    expect(attempts[1]?.receivedAt ?? 0).toBeGreaterThanOrEqual(
      (attempts[0]?.receivedAt ?? 0) + 950,
    );
    expect(textOf(attempts[1] as (typeof attempts)[number])).toContain("Commands you may use");
    expect(h.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});
