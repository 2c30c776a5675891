/**
 * The answer prompt and the not-sent texts name the buyer chat as the message card does
 * (issue 28): the product by name with no SKU beside it, the order once in the card's words,
 * a bare SKU only when nothing else tells the chat. In Russian and English. The prompt itself,
 * through the bot, is in answer-button.test.ts.
 */
import { describe, expect, it } from "vitest";
import { relayHeader } from "../../../../src/bot/chats/relay/format.ts";
import { createI18n, translatorFor } from "../../../../src/bot/core/i18n.ts";
import { captureLogger } from "../../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");
const CHAT = "4c1e2f3a-0000-4000-8000-000000000001";

describe("the header of a buyer chat in the answer prompt", () => {
  const order = { orderNumber: "68348617-0415", postingNumber: "68348617-0415-1", sku: "1234567" };

  it("names the order once, in the card's words, without the SKU", () => {
    expect(relayHeader(ru, order, CHAT)).toBe("💬 Покупатель · 🧾 Заказ 68348617-0415");
    expect(relayHeader(en, order, CHAT)).toBe("💬 Buyer · 🧾 Order 68348617-0415");
  });

  it("names the product as the card does, with no SKU beside the name", () => {
    expect(relayHeader(ru, order, CHAT, "Чайник")).toBe(
      "💬 Покупатель · 📦 Чайник · 🧾 Заказ 68348617-0415",
    );
    expect(relayHeader(en, { sku: "1234567" }, CHAT, "Kettle")).toBe("💬 Buyer · 📦 Kettle");
  });

  it("falls back to the posting, then the SKU, then the chat, when that is all it knows", () => {
    const posting = { postingNumber: "68348617-0415-1", sku: "1234567" };
    expect(relayHeader(ru, posting, CHAT)).toBe("💬 Покупатель · 🧾 Отправление 68348617-0415-1");
    expect(relayHeader(en, posting, CHAT)).toBe("💬 Buyer · 🧾 Posting 68348617-0415-1");
    expect(relayHeader(ru, { sku: "1234567" }, CHAT)).toBe("💬 Покупатель · SKU 1234567");
    expect(relayHeader(ru, {}, CHAT)).toBe("💬 Покупатель · чат 4c1e2f3a");
    expect(relayHeader(en, {}, CHAT)).toBe("💬 Buyer · chat 4c1e2f3a");
  });
});
