/**
 * Amounts on the returns' screens are written the reader's way: a request's price "1290.5" from
 * Ozon is "1 290,50" in Russian and "1,290.50" in English; a typed refund takes both habits.
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { rfbsCardText } from "../../../src/bot/returns/format.ts";
import type { RfbsRequest } from "../../../src/ozon/seller/returns.ts";
import { parseKopecks } from "../../../src/services/returns/index.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });

const request: RfbsRequest = {
  id: "1",
  number: "R-1",
  postingNumber: "123-1",
  productName: "Boots",
  price: "1290.5",
  currency: "RUB",
  state: "New",
  stateName: "New",
  groupState: "New",
  createdAt: undefined,
  clientName: undefined,
  comment: undefined,
  reason: undefined,
  isDefect: false,
  actions: [],
  rejectionReasons: [],
};
const format = { timezone: "Europe/Moscow", locale: "ru" };

describe("returns' amounts in the reader's language", () => {
  it("a request's price", () => {
    const ru = rfbsCardText(translatorFor(i18n, "ru"), request, undefined, format);
    const en = rfbsCardText(translatorFor(i18n, "en"), request, undefined, {
      ...format,
      locale: "en",
    });
    expect(ru).toContain("Boots — 1\u00A0290,50\u00A0₽");
    expect(en).toContain("Boots — RUB\u00A01,290.50");
  });

  it("a typed refund in either habit, in either language", () => {
    for (const locale of ["ru", "en"] as const) {
      for (const typed of ["1 234,50", "1,234.50", "1234.5", "RUB 1,234.50"]) {
        expect(parseKopecks(typed, locale)).toEqual({ ok: true, kopecks: 123_450n });
      }
    }
    expect(parseKopecks("1,234,567", "en")).toEqual({ ok: true, kopecks: 123_456_700n });
    expect(parseKopecks("150,555", "en")).toEqual({ ok: false, reason: "too_many_decimals" });
  });
});
