/**
 * ✅ means "do it": a chosen option is marked ● (the others ○ or nothing), in every keyboard. The
 * report summary's and the schedule's choices are drawn, and no keyboard code in src/bot marks a
 * chosen option with ✅ (a conditional ✅ before a label).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reportConfirmKeyboard } from "../../../src/bot/ads/keyboards.ts";
import { scheduleSummaryKeyboard } from "../../../src/bot/ads/schedules/keyboards.ts";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { CHOSEN, chosenLabel, optionLabel } from "../../../src/bot/core/marks.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const SRC_BOT = fileURLToPath(new URL("../../../src/bot", import.meta.url));

const labels = (keyboard: { inline_keyboard: { text: string }[][] }) =>
  keyboard.inline_keyboard.flat().map((b) => b.text);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("chosen options", () => {
  it("are marked ●, the others ○ (or left as they are)", () => {
    expect(optionLabel("CSV", true)).toBe("● CSV");
    expect(optionLabel("XLSX", false)).toBe("○ XLSX");
    expect(chosenLabel("По дням", true)).toBe("● По дням");
    expect(chosenLabel("По дням", false)).toBe("По дням");
  });

  for (const lang of ["ru", "en"] as const) {
    it(`never start with ✅ on the report's and the schedule's summaries (${lang})`, () => {
      const t = translatorFor(i18n, lang);
      const button = (...args: unknown[]) => args.join(":");
      const report = labels(reportConfirmKeyboard(button, t, "xlsx", "DATE", "last_7_days"));
      const chosen = report.filter((l) => l.startsWith(CHOSEN));
      expect(chosen).toEqual([
        `● ${t("ads-period-last-7-days")}`,
        expect.any(String),
        `● ${t("report-format-xlsx-button")}`,
      ]);
      const schedule = labels(
        scheduleSummaryKeyboard(button, t, {
          rule: { every: "day", time: "09:00" },
          period: "last_7_days",
          groupBy: "DATE",
          format: "csv",
        }),
      );
      // How often, the time, the period, the grouping, the format.
      expect(schedule.filter((l) => l.startsWith(CHOSEN)).length).toBe(5);
      // ✅ starts only the buttons that do something: «✅ Сформировать», «✅ Сохранить».
      const doers = [...report, ...schedule].filter((l) => l.startsWith("✅"));
      expect(doers.sort()).toEqual(
        [t("ads-report-order-button"), t("schedule-save-button")].sort(),
      );
    });
  }

  it("no keyboard in src/bot marks a chosen option with ✅", () => {
    const conditional = /\?\s*[`"']✅|[`"']✅[^`"'\n]*[`"']\s*:/;
    // ✅ as a state in a text, not on a button: a packed posting in /today's list.
    const states = new Set([join("postings", "today.ts")]);
    const found = sources(SRC_BOT)
      .filter((path) => !states.has(path.slice(SRC_BOT.length + 1)))
      .filter((path) => conditional.test(readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
