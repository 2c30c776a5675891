/**
 * CountedLog: the first occurrence of a reason is logged at once; the rest of its window is
 * counted and logged when the window ends, even when nothing more happens.
 */
import { describe, expect, it } from "vitest";
import { CountedLog } from "../../src/server/counted-log.ts";
import { captureLogger } from "../ozon/support/logger.ts";
import { waitFor } from "../support/wait.ts";

describe("CountedLog", () => {
  it("logs the rest of a window's count when the window ends, without a further occurrence", async () => {
    const { logger, lines } = captureLogger();
    const log = new CountedLog(logger, { windowMs: 200 });
    for (let n = 0; n < 5; n++) log.count("junk", "junk refused", { n });
    log.count("store", "store did not answer", {}, "error");
    expect(lines.map((l) => [l.msg, l.count, l.level])).toEqual([
      ["junk refused", 1, 40],
      ["store did not answer", 1, 50],
    ]);
    await waitFor(() => lines.length === 3, { timeoutMs: 5_000, message: "the window's line" });
    // The latest occurrence's fields stand as the example.
    expect(lines[2]).toMatchObject({ msg: "junk refused", count: 4, n: 4, reason: "junk" });
    // A reason with nothing more in its window writes no empty line.
    log.flush();
    expect(lines).toHaveLength(3);
  });
});
