/**
 * A search campaign may advertise hundreds of products: the confirmation lists a few and counts
 * the rest, so the message stays far within Telegram's 4 096 characters.
 */
import { describe, expect, it } from "vitest";
import { objectsText } from "../../../src/bot/ads/format.ts";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });

describe("objectsText", () => {
  it("keeps a long list of SKUs short and says how many more there are", () => {
    const t = translatorFor(i18n, "ru");
    const skus = Array.from({ length: 1000 }, (_, i) => String(1_741_100_000 + i));
    const text = objectsText(t, skus);
    expect(text.length).toBeLessThan(300);
    expect(text).toContain("1741100000");
    expect(text).toContain("990");
  });

  it("lists a few SKUs in full", () => {
    const t = translatorFor(i18n, "en");
    expect(objectsText(t, ["1", "2", "3"])).toBe("1, 2, 3");
  });
});
