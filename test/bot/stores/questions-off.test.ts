/**
 * The whole bot (every module, as main builds it): a store whose seller has no Premium Plus has
 * its product questions stopped — every admin told once, the keys still shown as working — and
 * /stores says so with the button that asks again.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { QuestionsBotModule } from "../../../src/bot/chats/questions/module.ts";
import { command } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { press, textOf } from "../harness.ts";
import { ADMIN, lastScreen, SECOND_ADMIN, type StoresWorld, startStores } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const NOTICE = "no Premium Plus subscription";

describe("product questions without Premium Plus", () => {
  it("tells every admin once, shows it in /stores, and the button there asks again", async () => {
    const w = await startStores();
    world = w;
    const shopId = w.container.shops.all()[0]?.id ?? "";
    const questions = w.modules.find((m) => m.name === "questions") as QuestionsBotModule;
    // The first pass of the running poller (at start) is over once runOnce shares or follows it.
    await questions.runOnce(shopId);
    w.sandbox.stores[0]?.control.setPremiumPlus(false);
    expect(await questions.runOnce(shopId)).toMatchObject({ off: true });
    expect(await questions.runOnce(shopId)).toMatchObject({ off: true });
    for (const admin of [ADMIN, SECOND_ADMIN]) {
      await waitFor(() => w.fake.textsTo(admin.id).some((t) => t.includes(NOTICE)), {
        message: "admin told",
      });
      expect(w.fake.textsTo(admin.id).filter((t) => t.includes(NOTICE))).toHaveLength(1);
    }
    await w.container.health?.settled();

    const screen = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    expect(textOf(screen)).toContain("Product questions and reviews: not asked for");
    expect(textOf(screen)).not.toContain("refuses");
    // A subscription refusal is no verdict on the keys: the admins hear nothing about them.
    expect(w.fake.textsTo(ADMIN.id).some((t) => t.includes("refuses the Seller API keys"))).toBe(
      false,
    );
    w.sandbox.stores[0]?.control.setPremiumPlus(true);
    await w.send(press(screen, "Ask for questions again", ADMIN));
    expect(await questions.runOnce(shopId)).toMatchObject({ off: false });
    const again = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    expect(textOf(again)).not.toContain("not asked for");
  });

  it("reviews refused for want of «Управление отзывами» or Premium Pro: /stores names that subscription", async () => {
    const w = await startStores();
    world = w;
    const shopId = w.container.shops.all()[0]?.id ?? "";
    const questions = w.modules.find((m) => m.name === "questions") as QuestionsBotModule;
    await questions.runOnce(shopId);
    w.sandbox.stores[0]?.control.setReviewsSubscription(false);
    expect(await questions.runOnce(shopId)).toMatchObject({ off: true });
    await w.container.health?.settled();
    const screen = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    expect(textOf(screen)).toContain(
      "not asked for (no «Управление отзывами» or Premium Pro for reviews)",
    );
    expect(textOf(screen)).not.toContain("Premium Plus");
  });
});
