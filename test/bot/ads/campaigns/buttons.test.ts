/**
 * /campaigns' buttons as typed declarations (ads/buttons.ts): a signed press whose arguments do
 * not fit (a shop ref "ZZ", a campaign id "x", an action no keyboard makes, no owner) is refused
 * with "this button no longer works" and reaches neither Ozon nor the chat; the buttons made
 * before the declaration, with all five arguments and the empty ones as "", still work.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cardData } from "../../../../src/bot/ads/campaigns/keyboards.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { callback } from "../../../support/updates.ts";
import {
  alerts,
  closeWorlds,
  MANAGER,
  MANAGER_EN,
  screenText,
  startWorld,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const RUNNING = "Кроссовки и ботинки — поиск";

function idOf(w: World, title: string): string {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return String(found.id);
}

/** Requests to the Performance API other than the token. */
const ozonCalls = (w: World) =>
  Object.entries(w.sandbox.counters())
    .filter(([key]) => !key.includes("token"))
    .reduce((n, [, count]) => n + count, 0);

describe("/campaigns buttons", () => {
  it("a press whose arguments do not fit is refused in the person's language; Ozon and the chat hear nothing", async () => {
    const w = await startWorld();
    const codec = createCallbackCodec(w.fake.token);
    const id = idOf(w, RUNNING);
    const ref = w.shops.all()[0]?.ref ?? "1";
    w.sandbox.resetCounters();
    const since = w.fake.calls.length;
    const presses = [
      codec.encode("cg", MANAGER.id, "ZZ", "c", id, 0), // a shop ref of the wrong shape
      codec.encode("cg", MANAGER.id, ref, "c", "x", 0), // a campaign id that is no number
      codec.encode("cg", MANAGER.id, ref, "zz", id, 0), // an action no keyboard makes
      codec.encode("cg", MANAGER.id, ref, "bs", id, "1.x"), // a bid's place of the wrong shape
      codec.encode("cg", "me", ref, "c", id), // an owner who is no Telegram id
    ];
    for (const data of presses) await w.send(callback(data, { from: MANAGER }));
    await w.send(callback(codec.encode("cg", MANAGER_EN.id, "ZZ", "l"), { from: MANAGER_EN }));
    const refused = "Эта кнопка больше не действует. Откройте меню заново: /start";
    expect(alerts(w, since)).toEqual([
      ...presses.map(() => refused),
      "This button no longer works. Open the menu again: /start",
    ]);
    expect(ozonCalls(w)).toBe(0);
    const shown = w.fake.calls
      .slice(since)
      .filter((c) => c.method.startsWith("send") || c.method.startsWith("edit"));
    expect(shown).toEqual([]);
  });

  it('buttons made before the declaration, all five arguments and empty ones as "", still work', async () => {
    const w = await startWorld();
    const codec = createCallbackCodec(w.fake.token);
    const id = idOf(w, RUNNING);
    const ref = w.shops.all()[0]?.ref ?? "1";
    const since = w.fake.calls.length;
    await w.send(callback(codec.encode("cg", MANAGER.id, ref, "l", "", 0), { from: MANAGER }));
    expect(screenText(w, MANAGER.id)).toContain("📣 Кампании: 7");
    await w.send(callback(codec.encode("cg", MANAGER.id, ref, "c", id, 0), { from: MANAGER }));
    expect(screenText(w, MANAGER.id)).toContain(`📣 «${RUNNING}»`);
    expect(alerts(w, since)).toEqual([]);
    // And the new ones leave the empty arguments out.
    const made = (action: "s" | "rp", id = "") =>
      codec.decode(cardData({ codec, owner: MANAGER.id, shopRef: ref }, action, id))?.args;
    expect(made("s")).toEqual([String(MANAGER.id), ref, "s"]);
    expect(made("rp", id)).toEqual([String(MANAGER.id), ref, "rp", id]);
  });
});
