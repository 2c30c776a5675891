/**
 * /status tells admins of an Ozon method this version still relies on that Ozon's documents
 * announce switching off — with its day and successor, or that no day is named yet — and says
 * nothing of seed forms kept only as fallbacks. The announcements are moved in a copy of the
 * documents' lifecycle the container holds (as a newer copy of the documents would say).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type Lifecycle,
  MethodCatalogue,
  methodCatalogue,
} from "../../../src/openapi/catalogue.ts";
import { command, person } from "../../support/updates.ts";
import { textOf } from "../harness.ts";
import { ADMIN, lastScreen, SECOND_ADMIN, type StoresWorld, startStores } from "../stores/world.ts";

const worlds: StoresWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0).reverse()) await w.close();
});

const DAY_MS = 86_400_000;

/** Today's documents, with `/v3/posting/fbs/get` announced for a day and `/v2/posting/fbs/cancel` with none. */
function announcing(offOn: string): MethodCatalogue {
  const lifecycle: Lifecycle = structuredClone(methodCatalogue().lifecycle);
  const set = (path: string, change: object) => {
    const doc = lifecycle.methods.find((m) => m.method === "POST" && m.path === path);
    if (!doc) throw new Error(`${path} is not in the documents`);
    Object.assign(doc, { announced: true, ...change });
  };
  set("/v3/posting/fbs/get", { offOn, successor: "/v4/posting/fbs/get" });
  set("/v2/posting/fbs/cancel", { successor: "/v3/posting/fbs/cancel" });
  return new MethodCatalogue(lifecycle);
}

describe("/status and Ozon's announced switch-offs", () => {
  it("names each method this version relies on that Ozon is switching off, soonest first", async () => {
    const w = await startStores();
    worlds.push(w);
    const before = textOf(lastScreen(await w.exchange(command("status", { from: ADMIN }))));
    expect(before).not.toContain("Ozon is switching off");

    const offOn = new Date(Date.now() + 40 * DAY_MS).toISOString().slice(0, 10);
    w.container.ozonMethods = announcing(offOn);
    const text = textOf(lastScreen(await w.exchange(command("status", { from: ADMIN }))));
    const lines = text.split("\n");
    const title = lines.findIndex((l) => l.startsWith("⏳ Ozon is switching off"));
    expect(lines[title]).toBe(
      "⏳ Ozon is switching off 2 methods this version still uses (update the bot before the day):",
    );
    expect(lines[title + 1]).toBe(
      `• POST /v3/posting/fbs/get: off on ${offOn} (in 40 d) → /v4/posting/fbs/get`,
    );
    expect(lines[title + 2]).toBe(
      "• POST /v2/posting/fbs/cancel: announced, no date yet → /v3/posting/fbs/cancel",
    );
    // Seed forms the bot keeps only as fallbacks are not its business: /v3 unfulfilled is off.
    expect(text).not.toContain("/v3/posting/fbs/unfulfilled/list");

    // The second admin speaks Russian from their first message on.
    const russian = person(SECOND_ADMIN.id, { first_name: "Bea", language_code: "ru" });
    const ru = textOf(lastScreen(await w.exchange(command("status", { from: russian }))));
    expect(ru).toContain("⏳ Ozon отключает 2 метода, которыми пользуется эта версия");
    expect(ru).toContain(
      `• POST /v3/posting/fbs/get: отключат ${offOn} (через 40 дн.) → /v4/posting/fbs/get`,
    );
    expect(ru).toContain(
      "• POST /v2/posting/fbs/cancel: объявлено, дата пока не названа → /v3/posting/fbs/cancel",
    );
  });
});
