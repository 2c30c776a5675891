/** Keys that become known after the start (a store added in the bot) are masked from then on. */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, maskAlso } from "../src/logger.ts";

const ADDED = "added-later-key-4f5b4c6d";

describe("maskAlso", () => {
  it("masks an added secret in the root and in children made before and after", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const root = createLogger({ destination });
    const before = root.child({ module: "early" });
    root.info(`before: ${ADDED}`);
    maskAlso(before, [ADDED, "short"]);
    const after = root.child({ shop: "2" }).child({ deeper: true });
    root.info(`root: ${ADDED}`);
    before.warn({ detail: { text: ADDED } }, "child made before");
    after.error({ err: new Error(`failed with ${ADDED}`) });
    expect(lines[0]).toContain(ADDED); // not known yet
    const text = lines.slice(1).join("");
    expect(lines).toHaveLength(4);
    expect(text).not.toContain(ADDED);
    expect(text).toContain("[secret]");
  });
});
