/**
 * Typed buttons (core/buttons.ts): a declared kind makes its signed data and reads a press back
 * as typed arguments; a press of a declared kind whose arguments do not fit is refused in one
 * place (the router), before its handler runs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { REPORT_RETRY_BUTTON } from "../../../src/bot/ads/buttons.ts";
import { declareButton, declaredButtons } from "../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { TEST_BOT_TOKEN } from "../../support/fake-bot-api.ts";
import { callback } from "../../support/updates.ts";
import { alerts, closeWorlds, jobsOf, MANAGER, MANAGER_EN, startWorld } from "../ads/world.ts";

afterEach(closeWorlds);

const codec = createCallbackCodec(TEST_BOT_TOKEN);

describe("typed buttons", () => {
  it("make their data and read a press back as declared, trailing optional arguments left out", () => {
    const page = declareButton(
      "tpg",
      "test: a page of a list",
      z.string().regex(/^\d+$/),
      z.coerce.number().int().min(0),
      z.string().optional(),
    );
    const data = page.data(codec, "16981341", 3, undefined);
    const decoded = codec.decode(data);
    expect(decoded).toEqual({ kind: "tpg", args: ["16981341", "3"] });
    expect(page.parse(decoded?.args ?? [])).toEqual(["16981341", 3]);
    expect(page.parse(["16981341", "3", "north"])).toEqual(["16981341", 3, "north"]);
    expect(page.parse(["abc", "3"])).toBeUndefined();
    expect(page.parse(["16981341"])).toBeUndefined();
    expect(page.parse(["16981341", "3", "north", "more"])).toBeUndefined();
    expect(declaredButtons().get("tpg")).toBe("test: a page of a list");
    expect(declaredButtons().get("rr")).toBe("report: retry");
  });

  it("a kind is declared once", () => {
    declareButton("tonce", "test: once");
    expect(() => declareButton("tonce", "test: again")).toThrow(/declared twice \(test: once\)/);
  });

  it("a press whose arguments do not fit is told the button no longer works, in the person's language, and nothing runs", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    const real = createCallbackCodec(w.fake.token);
    const since = w.fake.calls.length;
    // Signed, so it passes the signature check, but Retry without the job's id.
    await w.send(callback(real.encode(REPORT_RETRY_BUTTON.kind), { from: MANAGER }));
    await w.send(callback(real.encode(REPORT_RETRY_BUTTON.kind, ""), { from: MANAGER_EN }));
    expect(alerts(w, since)).toEqual([
      "Эта кнопка больше не действует. Откройте меню заново: /start",
      "This button no longer works. Open the menu again: /start",
    ]);
    expect(await jobsOf(w)).toEqual([]);
  });
});
