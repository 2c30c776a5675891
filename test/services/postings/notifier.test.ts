import { describe, expect, it } from "vitest";
import {
  isRecipientGone,
  postingBudget,
  RecipientGoneError,
  TELEGRAM_TEXT_LIMIT,
} from "../../../src/services/postings/notifier.ts";

describe("notifier helpers", () => {
  it("marks RecipientGoneError with a type guard", () => {
    const gone = new RecipientGoneError(-100, "bot was kicked");
    expect(isRecipientGone(gone)).toBe(true);
    expect(gone.chatId).toBe(-100);
    expect(isRecipientGone(new Error("bot was kicked"))).toBe(false);
  });

  it("gives each posting of a full digest a share of the 4096 characters", () => {
    const info = { reason: "new" as const, part: 1, parts: 25, total: 1000, chunkSize: 40 };
    const budget = postingBudget(info);
    expect(budget).toBe(97);
    expect(budget * info.chunkSize + 200).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
  });
});
