/**
 * scripts/test-headers.ts on a small tree in a temp dir: each source file's header gets one line
 * naming the tests that import it (the mirrored one first, through an index.ts too), a second run
 * changes nothing, and the check fails on a missing or stale line.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentLine, staleHeaders, withLine, writeHeaders } from "../scripts/test-headers.ts";

let root: string;
const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "test-headers-"));
  put("src/bot/core/chain.ts", "/**\n * Chains.\n */\nexport const chain = 1;\n");
  put("src/bot/core/one-line.ts", "/** One line. */\nexport const one = 1;\n");
  put("src/bot/core/bare.ts", "// a line comment\nexport const bare = 1;\n");
  put("src/bot/core/typed.ts", "/** Types only. */\nexport type T = number;\n");
  put("src/bot/core/inner.ts", "/** Behind an index. */\nexport const inner = 1;\n");
  put("src/bot/core/index.ts", 'export { inner } from "./inner.ts";\n');
  put("src/lonely.ts", "/**\n * Nobody imports it. */\nexport const lonely = 1;\n");
  put(
    "test/bot/core/chain.test.ts",
    'import { chain } from "../../../src/bot/core/chain.ts";\nimport type { T } from "../../../src/bot/core/typed.ts";\n',
  );
  put(
    "test/bot/ads/campaign-cards.test.ts",
    'import { chain } from "../../../src/bot/core/chain.ts";\n',
  );
  put(
    "test/bot/core/index.test.ts",
    'import { inner } from "../../../src/bot/core/index.ts";\nawait import("../../../src/bot/core/one-line.ts");\n',
  );
  put("test/bot/harness.ts", 'import { bare } from "../../src/bot/core/bare.ts";\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("test headers", () => {
  it("names each file's tests in its header, and a second run changes nothing", () => {
    expect(staleHeaders(root)).toHaveLength(7);
    writeHeaders(root);
    expect(read("src/bot/core/chain.ts")).toBe(
      "/**\n * Chains.\n * Tests: test/bot/core/chain.test.ts, test/bot/ads/campaign-cards.test.ts\n */\nexport const chain = 1;\n",
    );
    expect(read("src/bot/core/one-line.ts")).toBe(
      "/**\n * One line.\n * Tests: test/bot/core/index.test.ts\n */\nexport const one = 1;\n",
    );
    expect(read("src/bot/core/bare.ts")).toBe(
      "/** Tests: none directly (reached through test/bot/harness.ts) */\n// a line comment\nexport const bare = 1;\n",
    );
    expect(currentLine(read("src/bot/core/typed.ts"))).toBe("Tests: none directly");
    expect(currentLine(read("src/bot/core/inner.ts"))).toBe("Tests: test/bot/core/index.test.ts");
    expect(read("src/lonely.ts")).toBe(
      "/**\n * Nobody imports it.\n * Tests: none directly\n */\nexport const lonely = 1;\n",
    );
    const before = ["src/bot/core/chain.ts", "src/bot/core/bare.ts"].map(read);
    expect(staleHeaders(root)).toEqual([]);
    expect(writeHeaders(root)).toEqual([]);
    expect(["src/bot/core/chain.ts", "src/bot/core/bare.ts"].map(read)).toEqual(before);
  });

  it("the check fails on a stale or missing line", () => {
    writeHeaders(root);
    put("test/bot/core/chain-more.test.ts", 'import "../../../src/bot/core/chain.ts";\n');
    rmSync(path.join(root, "test/bot/harness.ts"));
    put("src/bot/core/new.ts", "export const fresh = 1;\n");
    expect(staleHeaders(root)).toEqual([
      {
        file: "src/bot/core/bare.ts",
        have: "Tests: none directly (reached through test/bot/harness.ts)",
        want: "Tests: none directly",
      },
      {
        file: "src/bot/core/chain.ts",
        have: "Tests: test/bot/core/chain.test.ts, test/bot/ads/campaign-cards.test.ts",
        want: "Tests: test/bot/core/chain.test.ts, test/bot/core/chain-more.test.ts and 1 more",
      },
      { file: "src/bot/core/new.ts", want: "Tests: none directly" },
    ]);
  });

  it("replaces the line where it stands, in a block of any shape", () => {
    const text = "/**\n * A.\n * Tests: old\n * B.\n */\nx;\n";
    expect(withLine(text, "Tests: new")).toBe("/**\n * A.\n * Tests: new\n * B.\n */\nx;\n");
    expect(withLine("/** Tests: old */\nx;\n", "Tests: new")).toBe("/** Tests: new */\nx;\n");
    expect(withLine("#!/usr/bin/env node\nx;\n", "Tests: t")).toBe(
      "#!/usr/bin/env node\n/** Tests: t */\nx;\n",
    );
  });

  it("--check exits 1 and lists the stale files", () => {
    const script = fileURLToPath(new URL("../scripts/test-headers.ts", import.meta.url));
    put("scripts/test-headers.ts", readFileSync(script, "utf8"));
    let failure: { status?: number; stdout?: string } = {};
    try {
      execFileSync(process.execPath, [path.join(root, "scripts/test-headers.ts"), "--check"], {
        encoding: "utf8",
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(failure.stdout).toContain("src/bot/core/chain.ts: no Tests line");
    writeHeaders(root);
    const out = execFileSync(
      process.execPath,
      [path.join(root, "scripts/test-headers.ts"), "--check"],
      { encoding: "utf8" },
    );
    expect(out).toContain("7 source files, 4 with a test");
  });
});
