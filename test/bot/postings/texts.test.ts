/** Russian phrasing of the ship confirmation that reads right for any number of packages. */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/i18n.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");

describe("ship confirmation texts", () => {
  it("agrees the Russian noun with the number of packages", () => {
    const ask = (count: number) => ru("postings-ship-confirm", { posting: "1-2-3", count });
    expect(ask(1)).toBe("Собрать отправление 1-2-3 в 1 коробке?");
    expect(ask(2)).toBe("Собрать отправление 1-2-3 в 2 коробках?");
    expect(ask(5)).toBe("Собрать отправление 1-2-3 в 5 коробках?");
    expect(ask(21)).toBe("Собрать отправление 1-2-3 в 21 коробке?");
    expect(en("postings-ship-confirm", { posting: "1-2-3", count: 1 })).toBe(
      "Ship posting 1-2-3 in 1 package?",
    );
  });
});
