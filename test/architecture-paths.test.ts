/**
 * The main lines ARCHITECTURE.md shows are what `npm run paths` measures now (bench/paths-measure.ts:
 * the one-tap pack and a seller's reply through the sandbox and the fake Bot API), with no bounce
 * (a stack that leaves a file and comes back to it) and no more files than when they were last
 * made shorter.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { measurePaths, PATHS_BEGIN, PATHS_END, pathsBlock } from "../bench/paths-measure.ts";

/** Most files each path may cross: at most 15 (issue 39), and ratchets: lower them when a path gets shorter. */
const MOST_FILES: Record<string, number> = { "one-tap pack": 15, "reply to a buyer": 12 };

describe("the main lines of two everyday paths", () => {
  it("are what ARCHITECTURE.md shows, without bounces, no longer than before", async () => {
    const paths = await measurePaths();
    for (const path of paths) {
      expect(path.bounces, path.name).toEqual([]);
      expect(path.files.length, path.name).toBeLessThanOrEqual(MOST_FILES[path.name] ?? 0);
      expect(path.requests, path.name).toBeGreaterThan(2);
    }
    const text = readFileSync(
      fileURLToPath(new URL("../ARCHITECTURE.md", import.meta.url)),
      "utf8",
    );
    const shown = text.slice(
      text.indexOf(PATHS_BEGIN) + PATHS_BEGIN.length,
      text.indexOf(PATHS_END),
    );
    expect(shown.trim(), "run `npm run paths -- --write`").toBe(pathsBlock(paths));
  }, 60_000);
});
