/**
 * What the sender reads when a reply did not reach the buyer: Ozon's own words only when Ozon
 * said something, never our internal error text; Russian phrasing that holds for any number.
 */
import { describe, expect, it } from "vitest";
import { replyFailureText } from "../../../../src/bot/chats/relay/format.ts";
import { createI18n, translatorFor } from "../../../../src/bot/core/i18n.ts";
import { OzonApiError, OzonShapeError } from "../../../../src/ozon/errors.ts";
import { captureLogger } from "../../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");

describe("reply failure texts", () => {
  it("quotes Ozon's own text for an unknown refusal", () => {
    const error = new OzonApiError({
      service: "seller",
      method: "POST",
      path: "/v1/chat/send/message",
      status: 400,
      code: 3,
      message: "STRANGE_THING",
    });
    const failure = {
      ok: false as const,
      reason: "unknown" as const,
      detail: "STRANGE_THING",
      error,
    };
    expect(replyFailureText(ru, failure)).toContain("«STRANGE_THING»");
    expect(replyFailureText(en, failure)).toContain('"STRANGE_THING"');
  });

  it("never shows internal error text (shape errors, our own checks) as if Ozon said it", () => {
    const shape = new OzonShapeError({
      service: "seller",
      method: "POST",
      path: "/v1/chat/start",
      field: "result.chat_id",
      problems: ["result.chat_id: expected string"],
    });
    const failures = [
      { ok: false as const, reason: "unknown" as const, detail: shape.message, error: shape },
      { ok: false as const, reason: "unknown" as const, detail: "Ozon answered without a chat id" },
      {
        ok: false as const,
        reason: "unknown" as const,
        detail: "fetch failed",
        error: new TypeError("fetch failed"),
      },
    ];
    for (const failure of failures) {
      for (const t of [ru, en]) {
        const text = replyFailureText(t, failure);
        expect(text).not.toContain(failure.detail);
        expect(text).not.toMatch(/expected string|chat id|fetch failed|\{|\$detail/);
        expect(text.length).toBeGreaterThan(10);
      }
    }
  });

  it("says how many parts reached the buyer in words that fit any count", () => {
    for (const sent of [1, 2, 5, 21]) {
      const text = ru("relay-fail-partial", { sent, total: sent + 1 });
      // "Первые 1 из 2 частей" is not Russian.
      expect(text).not.toMatch(/Первые 1 /);
      expect(text).toContain(`${sent} из ${sent + 1}`);
    }
  });
});
