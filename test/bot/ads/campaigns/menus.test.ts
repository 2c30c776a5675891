/** /campaigns in managers' own command menus and in /help; not for other roles. */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../../src/bot/core/i18n.ts";
import { menuCommands } from "../../../../src/bot/core/person-menus.ts";
import type { Person } from "../../../../src/services/access/index.ts";
import { captureLogger } from "../../harness.ts";
import { closeWorlds, MANAGER, slash, startWorld, WAREHOUSE } from "../world.ts";

const i18n = createI18n({ defaultLocale: "ru", logger: captureLogger().logger });
const t = (locale: "ru" | "en") => translatorFor(i18n, locale);
const who = (roles: Person["roles"]) => ({ id: 1, roles }) as unknown as Person;

describe("/campaigns in menus and /help", () => {
  it("is in a manager's and an admin's menu, in their language, and in no one else's", () => {
    const manager = menuCommands(who(["manager"]), t("ru"));
    expect(manager.find((c) => c.command === "campaigns")?.description).toBe(
      "Рекламные кампании: статус, бюджет, период, ставки",
    );
    const admin = menuCommands(who(["admin"]), t("en"));
    expect(admin.find((c) => c.command === "campaigns")?.description).toBe(
      "Ad campaigns: status, budget, period, bids",
    );
    const warehouse = menuCommands(who(["warehouse"]), t("ru"));
    expect(warehouse.map((c) => c.command)).not.toContain("campaigns");
  });

  it("/help lists it for managers with a menu button; a warehouse person is refused it", async () => {
    const w = await startWorld();
    try {
      await slash(w, MANAGER, "help");
      const help = w.fake.callsTo("sendMessage").at(-1);
      expect(String(help?.payload.text)).toContain(
        "/campaigns — Рекламные кампании: статус, бюджет, период, ставки",
      );
      expect(JSON.stringify(help?.payload.reply_markup)).toContain("📣 Кампании");
      const since = w.fake.calls.length;
      await slash(w, WAREHOUSE, "campaigns");
      const refusal = w.fake.calls.slice(since).find((c) => c.method === "sendMessage");
      expect(String(refusal?.payload.text)).not.toContain("Кампании");
      expect(w.sandbox.requests).toHaveLength(0);
    } finally {
      await closeWorlds();
    }
  });
});
