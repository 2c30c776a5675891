/**
 * What Ozon's documents announce is read from their own words, and `ozon-openapi/lifecycle.json`
 * (what the bot and the sandbox read) is what the documents in `ozon-openapi/` say today: a new copy
 * of the documents without `npm run ozon-check -- --write` fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIFECYCLE_URL, methodCatalogue } from "../../src/openapi/catalogue.ts";
import { lifecycleOfDocuments } from "../../src/openapi/documents.ts";
import { announcement } from "../../src/openapi/lifecycle.ts";

describe("the documents' announcements", () => {
  it("reads a day and a successor in each of Ozon's phrasings, and none where none is said", () => {
    expect(
      announcement(
        '<aside class="warning">\n  Метод устаревает и будет отключён 7 апреля 2026 года. Переключитесь на <a href="#operation/X">/v2/warehouse/list</a>.\n</aside>',
      ),
    ).toEqual({ offOn: "2026-04-07", successor: "/v2/warehouse/list" });
    expect(
      announcement(
        '<aside class="warning">\nС 1 июня 2026 года метод будет отключён. Переключитесь на <a href="#operation/Y">/v4/posting/fbs/list</a>.\n</aside>',
      ),
    ).toEqual({ offOn: "2026-06-01", successor: "/v4/posting/fbs/list" });
    expect(
      announcement(
        '<aside class="warning">\n  20 марта 2026 года отключим метод. Переключитесь на <a href="#operation/Z">/v2/carriage/delivery/list</a>.\n</aside>',
      ),
    ).toEqual({ offOn: "2026-03-20", successor: "/v2/carriage/delivery/list" });
    expect(
      announcement(
        '<aside class="warning">\nВ будущем метод будет отключён. Переключитесь на <a href="#operation/W">/v1/returns/rfbs/action/set</a>.\n</aside>',
      ),
    ).toEqual({ successor: "/v1/returns/rfbs/action/set" });
    // A warning about something else, and "отключите" (an instruction to the seller), announce nothing.
    expect(
      announcement(
        '<aside class="warning">Метод не возвращает информацию по методам доставки.</aside>\nЕсли включено автоприменение, отключите его.',
      ),
    ).toBeUndefined();
  });

  it("knows the switch-offs the reference names", () => {
    const catalogue = methodCatalogue();
    const on = (method: string, path: string) => catalogue.stateOn(method, path, "2026-12-07").kind;
    expect(on("POST", "/v1/warehouse/list")).toBe("off");
    expect(on("POST", "/v1/product/info/stocks-by-warehouse/fbs")).toBe("off");
    expect(on("POST", "/v3/posting/fbs/list")).toBe("off");
    expect(on("POST", "/v2/posting/fbs/product/mandatory-mark/is-required")).toBe("undocumented");
    expect(on("POST", "/v2/returns/rfbs/verify")).toBe("announced");
    expect(on("POST", "/v2/warehouse/list")).toBe("live");
    // Before its day a method is only announced.
    expect(catalogue.stateOn("POST", "/v1/warehouse/list", "2026-04-06").kind).toBe("announced");
    // Query strings and parameter names do not matter.
    expect(on("GET", "/api/client/statistics/{uuid}")).toBe("live");
    expect(on("GET", "/api/client/statistics/daily/json?dateFrom={dateFrom}&dateTo={dateTo}")).toBe(
      "live",
    );
  });

  it("keeps ozon-openapi/lifecycle.json made from the documents beside it", () => {
    const kept = JSON.parse(readFileSync(LIFECYCLE_URL, "utf8"));
    expect(kept, "run `npm run ozon-check -- --write` after copying in new documents").toEqual(
      lifecycleOfDocuments(),
    );
  });
});
